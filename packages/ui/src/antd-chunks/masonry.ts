export { Masonry as default } from 'antd';
