export { BackTop as default } from 'antd';
