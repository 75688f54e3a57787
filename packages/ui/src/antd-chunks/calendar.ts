export { Calendar as default } from 'antd';
