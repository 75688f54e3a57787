export { Popover as default } from 'antd';
