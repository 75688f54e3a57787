export { Switch as default } from 'antd';
