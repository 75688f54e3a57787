export { Anchor as default } from 'antd';
