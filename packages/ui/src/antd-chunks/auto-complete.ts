export { AutoComplete as default } from 'antd';
