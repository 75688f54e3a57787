export { Tour as default } from 'antd';
