export { Collapse as default } from 'antd';
