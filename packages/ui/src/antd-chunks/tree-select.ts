export { TreeSelect as default } from 'antd';
