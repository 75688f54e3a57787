/**
 * The @ant-design/icons the console uses, re-exported by `@manager/ui` (see antd.ts for why:
 * shared whole, the icons package alone was 210 KB gzip on the first page).
 */
export {
  ArrowLeftOutlined,
  CheckCircleTwoTone,
  CloseOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FilterOutlined,
  InboxOutlined,
  InfoCircleOutlined,
  LogoutOutlined,
  MenuOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  StarFilled,
  TrophyOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
