import type * as AntdModule from 'antd';
import { loadAntdOnDemand } from './antd-on-demand.ts';
import type * as HeavyModule from './antd-heavy.ts';
import { onDemandChunk, type OnDemandChunk } from './on-demand/chunk.ts';
import { PANEL, SELECT_OPTION, wrapComponent, wrapObject, type Statics } from './on-demand/wrap.ts';

/**
 * Every antd export the console itself rarely or never uses, each in an on-demand chunk of its
 * own (`antd-chunks/<name>.ts`, one `import()` each): a remote may use any of them without a
 * shell rebuild, and one page's Timeline never makes another page's download heavier. They
 * keep antd's names, types and statics (`on-demand/wrap.ts`); a component suspends until its
 * chunk is loaded, `message.success(...)` and the like load it, then call.
 *
 * antd's `Pagination` is exported as `AntdPagination`: `Pagination` is ui's own (page numbers
 * with ellipses, components/pagination.tsx), which remotes built on earlier versions rely on.
 */
type Antd = typeof AntdModule;
type Loaded<K extends keyof Antd> = { default: Antd[K] };

const chunks = {
  Affix: onDemandChunk<Loaded<'Affix'>>(() => import('./antd-chunks/affix.ts')),
  Anchor: onDemandChunk<Loaded<'Anchor'>>(() => import('./antd-chunks/anchor.ts')),
  AutoComplete: onDemandChunk<Loaded<'AutoComplete'>>(() => import('./antd-chunks/auto-complete.ts')),
  BackTop: onDemandChunk<Loaded<'BackTop'>>(() => import('./antd-chunks/back-top.ts')),
  BorderBeam: onDemandChunk<Loaded<'BorderBeam'>>(() => import('./antd-chunks/border-beam.ts')),
  Breadcrumb: onDemandChunk<Loaded<'Breadcrumb'>>(() => import('./antd-chunks/breadcrumb.ts')),
  Calendar: onDemandChunk<Loaded<'Calendar'>>(() => import('./antd-chunks/calendar.ts')),
  Carousel: onDemandChunk<Loaded<'Carousel'>>(() => import('./antd-chunks/carousel.ts')),
  Cascader: onDemandChunk<Loaded<'Cascader'>>(() => import('./antd-chunks/cascader.ts')),
  Collapse: onDemandChunk<Loaded<'Collapse'>>(() => import('./antd-chunks/collapse.ts')),
  ColorPicker: onDemandChunk<Loaded<'ColorPicker'>>(() => import('./antd-chunks/color-picker.ts')),
  DatePicker: onDemandChunk<Loaded<'DatePicker'>>(() => import('./antd-chunks/date-picker.ts')),
  Divider: onDemandChunk<Loaded<'Divider'>>(() => import('./antd-chunks/divider.ts')),
  Dropdown: onDemandChunk<Loaded<'Dropdown'>>(() => import('./antd-chunks/dropdown.ts')),
  FloatButton: onDemandChunk<Loaded<'FloatButton'>>(() => import('./antd-chunks/float-button.ts')),
  List: onDemandChunk<Loaded<'List'>>(() => import('./antd-chunks/list.ts')),
  Listy: onDemandChunk<Loaded<'Listy'>>(() => import('./antd-chunks/listy.ts')),
  Masonry: onDemandChunk<Loaded<'Masonry'>>(() => import('./antd-chunks/masonry.ts')),
  Mentions: onDemandChunk<Loaded<'Mentions'>>(() => import('./antd-chunks/mentions.ts')),
  message: onDemandChunk<Loaded<'message'>>(() => import('./antd-chunks/message.ts')),
  notification: onDemandChunk<Loaded<'notification'>>(() => import('./antd-chunks/notification.ts')),
  Pagination: onDemandChunk<Loaded<'Pagination'>>(() => import('./antd-chunks/pagination.ts')),
  Popover: onDemandChunk<Loaded<'Popover'>>(() => import('./antd-chunks/popover.ts')),
  Progress: onDemandChunk<Loaded<'Progress'>>(() => import('./antd-chunks/progress.ts')),
  QRCode: onDemandChunk<Loaded<'QRCode'>>(() => import('./antd-chunks/qr-code.ts')),
  Radio: onDemandChunk<Loaded<'Radio'>>(() => import('./antd-chunks/radio.ts')),
  Rate: onDemandChunk<Loaded<'Rate'>>(() => import('./antd-chunks/rate.ts')),
  Skeleton: onDemandChunk<Loaded<'Skeleton'>>(() => import('./antd-chunks/skeleton.ts')),
  Slider: onDemandChunk<Loaded<'Slider'>>(() => import('./antd-chunks/slider.ts')),
  Splitter: onDemandChunk<Loaded<'Splitter'>>(() => import('./antd-chunks/splitter.ts')),
  Steps: onDemandChunk<Loaded<'Steps'>>(() => import('./antd-chunks/steps.ts')),
  TimePicker: onDemandChunk<Loaded<'TimePicker'>>(() => import('./antd-chunks/time-picker.ts')),
  Timeline: onDemandChunk<Loaded<'Timeline'>>(() => import('./antd-chunks/timeline.ts')),
  Tour: onDemandChunk<Loaded<'Tour'>>(() => import('./antd-chunks/tour.ts')),
  Transfer: onDemandChunk<Loaded<'Transfer'>>(() => import('./antd-chunks/transfer.ts')),
  Tree: onDemandChunk<Loaded<'Tree'>>(() => import('./antd-chunks/tree.ts')),
  TreeSelect: onDemandChunk<Loaded<'TreeSelect'>>(() => import('./antd-chunks/tree-select.ts')),
  Upload: onDemandChunk<Loaded<'Upload'>>(() => import('./antd-chunks/upload.ts')),
  Watermark: onDemandChunk<Loaded<'Watermark'>>(() => import('./antd-chunks/watermark.ts')),
} satisfies { [K in keyof Antd]?: OnDemandChunk<Loaded<K>> };

type Rare = keyof typeof chunks;

function rare<K extends Rare>(name: K, statics: Statics = {}): Antd[K] {
  const chunk = chunks[name] as OnDemandChunk<Loaded<K>>;
  return wrapComponent<Antd[K], Loaded<K>>(chunk, name, (m) => m.default, statics);
}

/** message and notification: objects of calls, not components. */
function rareObject<K extends 'message' | 'notification'>(name: K, statics: Statics): Antd[K] {
  const chunk = chunks[name] as OnDemandChunk<Loaded<K>>;
  return wrapObject<Antd[K], Loaded<K>>(chunk, name, (m) => m.default, statics);
}

/** The antd exports loaded on demand: the common chunk's and each rare one's. */
export type AntdOnDemandName = keyof typeof HeavyModule | Rare;

/**
 * Loads the chunks of these antd exports (`loadAntd('Timeline', 'message')`), for code that
 * needs one before it renders: `Mentions.getMentions` before a Mentions was drawn, a test.
 */
export async function loadAntd(...names: AntdOnDemandName[]): Promise<void> {
  await Promise.all(names.map((n) => (n in chunks ? chunks[n as Rare].load() : loadAntdOnDemand())));
}

const PICKER: Statics = {
  parts: [
    'WeekPicker',
    'MonthPicker',
    'YearPicker',
    'RangePicker',
    'TimePicker',
    'QuarterPicker',
    PANEL,
    '_InternalRangePanelDoNotUseOrYouWillBeFired',
  ],
};
const FEEDBACK = ['open', 'destroy', 'config', 'success', 'info', 'warning', 'error'];
const FEEDBACK_PARTS = [PANEL, '_InternalListDoNotUseOrYouWillBeFired'];

export const Affix: Antd['Affix'] = rare('Affix');
export const Anchor: Antd['Anchor'] = rare('Anchor', { parts: ['Link'] });
export const AutoComplete: Antd['AutoComplete'] = rare('AutoComplete', {
  parts: [['Option', SELECT_OPTION], PANEL],
});
export const BackTop: Antd['BackTop'] = rare('BackTop');
export const BorderBeam: Antd['BorderBeam'] = rare('BorderBeam');
export const Breadcrumb: Antd['Breadcrumb'] = rare('Breadcrumb', {
  parts: [
    ['Item', { values: ['__ANT_BREADCRUMB_ITEM'] }],
    ['Separator', { values: ['__ANT_BREADCRUMB_SEPARATOR'] }],
  ],
});
export const Calendar: Antd['Calendar'] = rare('Calendar', { factories: { generateCalendar: {} } });
export const Carousel: Antd['Carousel'] = rare('Carousel');
export const Cascader: Antd['Cascader'] = rare('Cascader', {
  parts: ['Panel', PANEL],
  values: ['SHOW_PARENT', 'SHOW_CHILD'],
});
export const Collapse: Antd['Collapse'] = rare('Collapse', { parts: ['Panel'] });
export const ColorPicker: Antd['ColorPicker'] = rare('ColorPicker', { parts: [PANEL] });
export const DatePicker: Antd['DatePicker'] = rare('DatePicker', {
  ...PICKER,
  factories: { generatePicker: PICKER },
});
export const Divider: Antd['Divider'] = rare('Divider');
export const Dropdown: Antd['Dropdown'] = rare('Dropdown', {
  parts: [PANEL, ['Button', { values: ['__ANT_BUTTON'] }]],
});
export const FloatButton: Antd['FloatButton'] = rare('FloatButton', { parts: ['BackTop', 'Group', PANEL] });
export const List: Antd['List'] = rare('List', { parts: [['Item', { parts: ['Meta'] }]] });
export const Listy: Antd['Listy'] = rare('Listy');
export const Masonry: Antd['Masonry'] = rare('Masonry');
export const Mentions: Antd['Mentions'] = rare('Mentions', {
  parts: [['Option', SELECT_OPTION], PANEL],
  sync: ['getMentions'],
});
export const message: Antd['message'] = rareObject('message', {
  imperative: [...FEEDBACK, 'loading'],
  hooks: ['useMessage'],
  parts: FEEDBACK_PARTS,
});
export const notification: Antd['notification'] = rareObject('notification', {
  imperative: FEEDBACK,
  hooks: ['useNotification'],
  parts: FEEDBACK_PARTS,
});
export const AntdPagination: Antd['Pagination'] = rare('Pagination');
export const Popover: Antd['Popover'] = rare('Popover', { parts: [PANEL] });
export const Progress: Antd['Progress'] = rare('Progress');
export const QRCode: Antd['QRCode'] = rare('QRCode');
export const Radio: Antd['Radio'] = rare('Radio', { parts: ['Button', 'Group'], values: ['__ANT_RADIO'] });
export const Rate: Antd['Rate'] = rare('Rate');
export const Skeleton: Antd['Skeleton'] = rare('Skeleton', {
  parts: ['Button', 'Avatar', 'Input', 'Image', 'Node'],
});
export const Slider: Antd['Slider'] = rare('Slider');
export const Splitter: Antd['Splitter'] = rare('Splitter', { parts: ['Panel'] });
export const Steps: Antd['Steps'] = rare('Steps');
export const TimePicker: Antd['TimePicker'] = rare('TimePicker', { parts: [PANEL, 'RangePicker'] });
export const Timeline: Antd['Timeline'] = rare('Timeline', { parts: ['Item'] });
export const Tour: Antd['Tour'] = rare('Tour', { overlay: 'open', parts: [PANEL] });
export const Transfer: Antd['Transfer'] = rare('Transfer', { parts: ['List', 'Search', 'Operation'] });
export const Tree: Antd['Tree'] = rare('Tree', {
  parts: ['DirectoryTree', ['TreeNode', { values: ['isTreeNode'] }]],
  hooks: ['useTree'],
});
export const TreeSelect: Antd['TreeSelect'] = rare('TreeSelect', {
  parts: [['TreeNode', { values: ['isTreeNode'] }], PANEL],
  values: ['SHOW_ALL', 'SHOW_PARENT', 'SHOW_CHILD'],
});
export const Upload: Antd['Upload'] = rare('Upload', { parts: ['Dragger'], values: ['LIST_IGNORE'] });
export const Watermark: Antd['Watermark'] = rare('Watermark');
