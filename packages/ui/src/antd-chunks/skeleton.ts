export { Skeleton as default } from 'antd';
