export { Steps as default } from 'antd';
