export { BorderBeam as default } from 'antd';
