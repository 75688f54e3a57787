export { Listy as default } from 'antd';
