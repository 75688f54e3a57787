export { Splitter as default } from 'antd';
