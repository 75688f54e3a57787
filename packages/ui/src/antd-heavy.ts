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
// Who else is on a record, and a change under an open form: drawn only where records are.
export {
  AdminAvatar,
  FormChangeNotice,
  PresenceNote,
  RecordChangedNotice,
} from './antd-heavy/presence-note.tsx';
// The audit trail's table and a row's changes (the Audit Log, a player's History).
export { AuditChanges } from './components/audit/audit-changes.tsx';
export { AuditTable } from './components/audit/audit-table.tsx';
// The gift pickers of the loot box and giveaway forms.
export { GiftSearchPicker } from './components/gift-pickers/gift-search-picker.tsx';
export { SelectedGifts } from './components/gift-pickers/selected-gifts.tsx';
export { ShopItemPicker } from './components/gift-pickers/shop-item-picker.tsx';
export { StarsGiftGrid } from './components/gift-pickers/stars-gift-grid.tsx';
// The inbox's bell, drawn after the first screen.
export { BellOutlined } from '@ant-design/icons';
