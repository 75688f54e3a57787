import type * as HeavyModule from './antd-heavy.ts';
import { onDemandChunk } from './on-demand/chunk.ts';
import { PANEL, SELECT_OPTION, wrapComponent, type Statics } from './on-demand/wrap.ts';

/**
 * The common antd components loaded on demand (the dashboard's JavaScript). `@manager/ui` is
 * the one shared copy of antd; as one module it would bring every component to the first page
 * (300 KB gzip). The components in `antd-heavy.ts` (forms, tables, overlays...) are built into
 * a separate chunk of the same build, so they share antd's internals (config provider, theme,
 * style cache) with the rest of `ui`: one antd, one theme, whichever app renders them. The
 * rarely used ones each have a chunk of their own (`antd-rare.ts`).
 *
 * Each export here keeps antd's name, type and static members (`on-demand/wrap.ts`). On first
 * render before the chunk is loaded it suspends (React `use`) until the chunk arrives; a
 * closed Modal renders nothing meanwhile, as antd does for a modal never opened;
 * `Modal.confirm` loads the chunk, then opens. The shell loads the chunk before any remote
 * page mounts and when the browser is idle, so in practice only the shell's own login page
 * waits for it. Tests call `loadAntdOnDemand()` in their setup.
 */
type Heavy = typeof HeavyModule;

const heavy = onDemandChunk<Heavy>(() => import('./antd-heavy.ts'));

/** Loads the common on-demand components (once; a failed load is retried by the next call). */
export function loadAntdOnDemand(): Promise<Heavy> {
  return heavy.load();
}

/** True once the common on-demand components are loaded (they then render without suspending). */
export function antdOnDemandLoaded(): boolean {
  return heavy.loaded() !== undefined;
}

function withStatics<K extends keyof Heavy>(name: K, statics: Statics = {}): Heavy[K] {
  return wrapComponent<Heavy[K], Heavy>(heavy, name, (m) => m[name], statics);
}

export const App: Heavy['App'] = withStatics('App', { hooks: ['useApp'] });
export const AdminAvatar: Heavy['AdminAvatar'] = withStatics('AdminAvatar');
export const AuditChanges: Heavy['AuditChanges'] = withStatics('AuditChanges');
export const AuditTable: Heavy['AuditTable'] = withStatics('AuditTable');
export const BellOutlined: Heavy['BellOutlined'] = withStatics('BellOutlined');
export const GiftSearchPicker: Heavy['GiftSearchPicker'] = withStatics('GiftSearchPicker');
export const SelectedGifts: Heavy['SelectedGifts'] = withStatics('SelectedGifts');
export const ShopItemPicker: Heavy['ShopItemPicker'] = withStatics('ShopItemPicker');
export const StarsGiftGrid: Heavy['StarsGiftGrid'] = withStatics('StarsGiftGrid');
export const PresenceNote: Heavy['PresenceNote'] = withStatics('PresenceNote');
export const RecordChangedNotice: Heavy['RecordChangedNotice'] = withStatics('RecordChangedNotice');
export const FormChangeNotice: Heavy['FormChangeNotice'] = withStatics('FormChangeNotice');
export const Avatar: Heavy['Avatar'] = withStatics('Avatar', { parts: ['Group'] });
export const Badge: Heavy['Badge'] = withStatics('Badge', { parts: ['Ribbon'] });
export const Card: Heavy['Card'] = withStatics('Card', { parts: ['Grid', 'Meta'] });
export const Checkbox: Heavy['Checkbox'] = withStatics('Checkbox', {
  parts: ['Group'],
  values: ['__ANT_CHECKBOX'],
});
export const Descriptions: Heavy['Descriptions'] = withStatics('Descriptions', { parts: ['Item'] });
export const Drawer: Heavy['Drawer'] = withStatics('Drawer', { overlay: 'closed', parts: [PANEL] });
export const Empty: Heavy['Empty'] = withStatics('Empty', {
  values: ['PRESENTED_IMAGE_DEFAULT', 'PRESENTED_IMAGE_SIMPLE'],
});
export const Form: Heavy['Form'] = withStatics('Form', {
  parts: [['Item', { hooks: ['useStatus'] }], 'List', 'ErrorList', 'Provider'],
  hooks: ['useForm', 'useWatch', 'useFormInstance'],
});
export const Image: Heavy['Image'] = withStatics('Image', { parts: ['PreviewGroup'] });
export const Input: Heavy['Input'] = withStatics('Input', {
  parts: ['Group', 'Password', 'Search', 'TextArea', 'OTP'],
});
export const InputNumber: Heavy['InputNumber'] = withStatics('InputNumber', { parts: [PANEL] });
export const Modal: Heavy['Modal'] = withStatics('Modal', {
  overlay: 'closed',
  parts: [PANEL],
  hooks: ['useModal'],
  imperative: ['confirm', 'info', 'success', 'error', 'warning', 'warn', 'destroyAll', 'config'],
});
export const Popconfirm: Heavy['Popconfirm'] = withStatics('Popconfirm', { parts: [PANEL] });
export const Result: Heavy['Result'] = withStatics('Result', {
  values: ['PRESENTED_IMAGE_403', 'PRESENTED_IMAGE_404', 'PRESENTED_IMAGE_500'],
});
export const Segmented: Heavy['Segmented'] = withStatics('Segmented');
export const Select: Heavy['Select'] = withStatics('Select', {
  parts: [['Option', SELECT_OPTION], ['OptGroup', { values: ['isSelectOptGroup'] }], PANEL],
  values: ['SECRET_COMBOBOX_MODE_DO_NOT_USE'],
});
export const Space: Heavy['Space'] = withStatics('Space', { parts: ['Compact', 'Addon'] });
export const Statistic: Heavy['Statistic'] = withStatics('Statistic', { parts: ['Timer', 'Countdown'] });
export const Table: Heavy['Table'] = withStatics('Table', {
  parts: ['Column', 'ColumnGroup', ['Summary', { parts: ['Row', 'Cell'] }]],
  values: ['SELECTION_COLUMN', 'EXPAND_COLUMN', 'SELECTION_ALL', 'SELECTION_INVERT', 'SELECTION_NONE'],
});
export const Tabs: Heavy['Tabs'] = withStatics('Tabs', { parts: ['TabPane'] });
export const Tag: Heavy['Tag'] = withStatics('Tag', { parts: ['CheckableTag', 'CheckableTagGroup'] });
export const Tooltip: Heavy['Tooltip'] = withStatics('Tooltip', { parts: [PANEL, 'UniqueProvider'] });
export const Typography: Heavy['Typography'] = withStatics('Typography', {
  parts: ['Text', 'Title', 'Paragraph', 'Link'],
});
