export { message as default } from 'antd';
