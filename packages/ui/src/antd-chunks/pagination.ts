export { Pagination as default } from 'antd';
