export { Slider as default } from 'antd';
