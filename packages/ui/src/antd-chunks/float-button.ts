export { FloatButton as default } from 'antd';
