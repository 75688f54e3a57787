export { Watermark as default } from 'antd';
