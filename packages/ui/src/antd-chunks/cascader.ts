export { Cascader as default } from 'antd';
