export { Carousel as default } from 'antd';
