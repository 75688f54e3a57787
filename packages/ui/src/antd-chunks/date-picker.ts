export { DatePicker as default } from 'antd';
