export { Rate as default } from 'antd';
