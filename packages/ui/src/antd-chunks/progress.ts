export { Progress as default } from 'antd';
