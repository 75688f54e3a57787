export { Tree as default } from 'antd';
