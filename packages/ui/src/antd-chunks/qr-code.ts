export { QRCode as default } from 'antd';
