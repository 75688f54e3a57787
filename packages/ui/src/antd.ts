/**
 * All of antd 6, re-exported by `@manager/ui` with antd's names, types and statics. Apps
 * import antd from '@manager/ui', never from 'antd' (ESLint refuses a direct import):
 * `@manager/ui` is the federation singleton the shell provides, so the page holds one antd,
 * and a remote may use any antd component without the shell being rebuilt.
 *
 * What a first page draws is here, eager. The common rest (forms, tables, overlays...) is one
 * on-demand chunk (`antd-on-demand.ts`), every rarely used one a chunk of its own
 * (`antd-rare.ts`), so neither makes the first page heavier. `antd-surface.test.tsx` fails
 * when antd gains an export this package lacks.
 */
import type * as AntdModule from 'antd';

export {
  Alert,
  Button,
  Col,
  ConfigProvider,
  Flex,
  Grid,
  Layout,
  Menu,
  Row,
  Spin,
  Switch,
  theme,
  version,
} from 'antd';
// Named one by one: a name exported here wins over the same name in antd's types below.
export {
  App,
  Avatar,
  Badge,
  Card,
  Checkbox,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
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
  antdOnDemandLoaded,
  loadAntdOnDemand,
} from './antd-on-demand.ts';
export {
  Affix,
  Anchor,
  AutoComplete,
  BackTop,
  BorderBeam,
  Breadcrumb,
  Calendar,
  Carousel,
  Cascader,
  Collapse,
  ColorPicker,
  DatePicker,
  Divider,
  Dropdown,
  FloatButton,
  List,
  Listy,
  Masonry,
  Mentions,
  message,
  notification,
  AntdPagination,
  Popover,
  Progress,
  QRCode,
  Radio,
  Rate,
  Skeleton,
  Slider,
  Splitter,
  Steps,
  TimePicker,
  Timeline,
  Tour,
  Transfer,
  Tree,
  TreeSelect,
  Upload,
  Watermark,
  loadAntd,
} from './antd-rare.ts';
export type { AntdOnDemandName } from './antd-rare.ts';
/**
 * antd 6's `unstableSetRender` does nothing in a production build (React 19 needs no render
 * patch; antd only warns in development). It is declared in antd's index module, and importing
 * anything declared there brings every antd component into the first chunk: this is the same
 * no-op, without the warning.
 */
export const unstableSetRender: typeof AntdModule.unstableSetRender = () => undefined;
// Every type antd exports (props, refs, `GetProp`...). The value names among them are the
// exports above and in the on-demand modules; `Pagination` is ui's own (see antd-rare.ts).
export type * from 'antd';
export type { ColumnType, ColumnsType } from 'antd/es/table';
