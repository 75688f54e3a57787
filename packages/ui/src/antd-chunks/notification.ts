export { notification as default } from 'antd';
