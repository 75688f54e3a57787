import { createElement, use, type ComponentType } from 'react';
import type * as HeavyModule from './antd-heavy';

/**
 * antd components loaded on demand (issue 9: the dashboard's JavaScript). `@manager/ui` is the
 * one shared copy of antd; as one module it would bring every component to the first page
 * (300 KB gzip). The components in `antd-heavy.ts` are built into a separate chunk of the same
 * build, so they share antd's internals (config provider, theme, style cache) with the rest of
 * `ui`: one antd, one theme, whichever app renders them.
 *
 * Each export here keeps antd's name, type and static members. On first render before the
 * chunk is loaded it suspends (React `use`) until the chunk arrives; overlays (Drawer, Modal)
 * that are closed render nothing meanwhile, as antd does for an overlay never opened. The
 * shell loads the chunk before any remote page mounts and when the browser is idle, so in
 * practice only the shell's own login page waits for it. Tests call `loadAntdOnDemand()` in
 * their setup.
 */
type Heavy = typeof HeavyModule;

let heavy: Heavy | undefined;
let pending: Promise<Heavy> | undefined;

/** Loads the on-demand components (once; a failed load is retried by the next call). */
export function loadAntdOnDemand(): Promise<Heavy> {
  pending ??= import('./antd-heavy').then(
    (m) => (heavy = m),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** True once the on-demand components are loaded (they then render without suspending). */
export function antdOnDemandLoaded(): boolean {
  return heavy !== undefined;
}

/** The loaded module; during render only (suspends until loaded). */
function current(): Heavy {
  return heavy ?? use(loadAntdOnDemand());
}

type AnyProps = Record<string, unknown> & { open?: boolean; forceRender?: boolean };
type Pick = (m: Heavy) => unknown;

/** A component rendering `pick(module)` with the same props (React 19 passes `ref` as a prop). */
function onDemand(displayName: string, pick: Pick, overlay = false): ComponentType<AnyProps> {
  function OnDemand(props: AnyProps) {
    if (!heavy && overlay && !props.open && !props.forceRender) {
      void loadAntdOnDemand().catch(() => undefined);
      return null;
    }
    return createElement(pick(current()) as ComponentType<AnyProps>, props);
  }
  OnDemand.displayName = displayName;
  return OnDemand;
}

/**
 * Statics: sub-components, hooks (called during render: they may suspend) and imperative
 * functions (called from event handlers: the chunk must be loaded by then, else they throw).
 */
function withStatics<T>(
  name: string,
  pick: (m: Heavy) => Record<string, unknown>,
  statics: { parts?: string[]; hooks?: string[]; imperative?: string[]; overlay?: boolean } = {},
): T {
  const root = onDemand(name, pick, statics.overlay) as unknown as Record<string, unknown>;
  for (const part of statics.parts ?? []) root[part] = onDemand(`${name}.${part}`, (m) => pick(m)[part]);
  for (const fn of statics.hooks ?? []) {
    root[fn] = (...args: unknown[]) => (pick(current())[fn] as (...a: unknown[]) => unknown)(...args);
  }
  for (const fn of statics.imperative ?? []) {
    root[fn] = (...args: unknown[]) => {
      if (!heavy) throw new Error(`${name}.${fn} was called before loadAntdOnDemand() finished`);
      return (pick(heavy)[fn] as (...a: unknown[]) => unknown)(...args);
    };
  }
  return root as T;
}

const ns = (key: keyof Heavy) => (m: Heavy) => m[key] as unknown as Record<string, unknown>;

export const App = withStatics<Heavy['App']>('App', ns('App'), { hooks: ['useApp'] });
export const Avatar = withStatics<Heavy['Avatar']>('Avatar', ns('Avatar'), { parts: ['Group'] });
export const Badge = withStatics<Heavy['Badge']>('Badge', ns('Badge'), { parts: ['Ribbon'] });
export const Card = withStatics<Heavy['Card']>('Card', ns('Card'), { parts: ['Grid', 'Meta'] });
export const Checkbox = withStatics<Heavy['Checkbox']>('Checkbox', ns('Checkbox'), { parts: ['Group'] });
export const Descriptions = withStatics<Heavy['Descriptions']>('Descriptions', ns('Descriptions'), { parts: ['Item'] });
export const Drawer = withStatics<Heavy['Drawer']>('Drawer', ns('Drawer'), { overlay: true });
export const Empty = withStatics<Heavy['Empty']>('Empty', ns('Empty'));
export const Form = withStatics<Heavy['Form']>('Form', ns('Form'), {
  parts: ['Item', 'List', 'ErrorList', 'Provider'],
  hooks: ['useForm', 'useWatch', 'useFormInstance'],
});
export const Image = withStatics<Heavy['Image']>('Image', ns('Image'), { parts: ['PreviewGroup'] });
export const Input = withStatics<Heavy['Input']>('Input', ns('Input'), { parts: ['Password', 'Search', 'TextArea', 'OTP'] });
export const InputNumber = withStatics<Heavy['InputNumber']>('InputNumber', ns('InputNumber'));
export const Modal = withStatics<Heavy['Modal']>('Modal', ns('Modal'), {
  overlay: true,
  hooks: ['useModal'],
  imperative: ['confirm', 'info', 'success', 'error', 'warning', 'destroyAll'],
});
export const Popconfirm = withStatics<Heavy['Popconfirm']>('Popconfirm', ns('Popconfirm'));
export const Result = withStatics<Heavy['Result']>('Result', ns('Result'));
export const Segmented = withStatics<Heavy['Segmented']>('Segmented', ns('Segmented'));
export const Select = withStatics<Heavy['Select']>('Select', ns('Select'), { parts: ['Option', 'OptGroup'] });
export const Space = withStatics<Heavy['Space']>('Space', ns('Space'), { parts: ['Compact'] });
export const Statistic = withStatics<Heavy['Statistic']>('Statistic', ns('Statistic'), { parts: ['Timer'] });
export const Table = withStatics<Heavy['Table']>('Table', ns('Table'), { parts: ['Column', 'ColumnGroup', 'Summary'] });
export const Tabs = withStatics<Heavy['Tabs']>('Tabs', ns('Tabs'));
export const Tag = withStatics<Heavy['Tag']>('Tag', ns('Tag'), { parts: ['CheckableTag'] });
