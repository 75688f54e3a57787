export { ColorPicker as default } from 'antd';
