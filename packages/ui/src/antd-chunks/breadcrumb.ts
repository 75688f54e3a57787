export { Breadcrumb as default } from 'antd';
