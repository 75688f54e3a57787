export { Upload as default } from 'antd';
