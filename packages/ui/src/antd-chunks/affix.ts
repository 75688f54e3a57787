export { Affix as default } from 'antd';
