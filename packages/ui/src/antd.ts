/**
 * The antd components the console uses, and only these, re-exported by `@manager/ui`. Apps
 * import antd from '@manager/ui', never from 'antd': `@manager/ui` is the federation singleton,
 * so antd is tree-shaken to this list and loaded once per page (ESLint refuses a
 * direct import). A component missing here is added here, with a `ui` version bump, and the
 * shell is deployed with it before a remote that uses it (the shell provides the shared copy).
 */
export {
  Alert,
  Button,
  Col,
  ConfigProvider,
  Drawer,
  Flex,
  Grid,
  Layout,
  Menu,
  Row,
  Spin,
  Typography,
  theme,
} from 'antd';
// The rest, loaded on demand in a chunk of their own (antd-heavy.ts): same names, types and
// statics, plus loadAntdOnDemand() and antdOnDemandLoaded() (see antd-on-demand.ts).
export * from './antd-on-demand';
export type {
  ButtonProps,
  FormInstance,
  FormProps,
  InputRef,
  MenuProps,
  SelectProps,
  TableColumnsType,
  TableProps,
  TabsProps,
} from 'antd';
export type { ColumnType, ColumnsType } from 'antd/es/table';
