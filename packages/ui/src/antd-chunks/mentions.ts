export { Mentions as default } from 'antd';
