export { TimePicker as default } from 'antd';
