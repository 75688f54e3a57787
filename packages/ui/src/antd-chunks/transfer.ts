export { Transfer as default } from 'antd';
