export { Dropdown as default } from 'antd';
