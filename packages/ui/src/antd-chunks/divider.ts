export { Divider as default } from 'antd';
