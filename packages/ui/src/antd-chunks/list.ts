export { List as default } from 'antd';
