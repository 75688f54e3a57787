/**
 * The antd components a first page does not need (forms, tables, overlays, tabs...), in their
 * own chunk: `antd-on-demand.ts` loads it when one of them first renders, or earlier when the
 * shell prefetches it. Only `antd-on-demand.ts` imports this module (a static import anywhere
 * else would pull the chunk into the first page again).
 */
export {
  App,
  Avatar,
  Badge,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Popconfirm,
  Result,
  Segmented,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
// antd's Modal and Drawer with the console's focus on opening (first field or Cancel).
export { Modal } from './antd-heavy/console-modal.tsx';
export { Drawer } from './antd-heavy/console-drawer.tsx';
