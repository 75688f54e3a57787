export { Radio as default } from 'antd';
