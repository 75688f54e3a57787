export { Timeline as default } from 'antd';
