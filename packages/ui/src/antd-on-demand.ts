import { createElement, use, type ComponentType } from 'react';
import type * as HeavyModule from './antd-heavy';

/**
 * antd components loaded on demand (the dashboard's JavaScript). `@manager/ui` is the
 * one shared copy of antd; as one module it would bring every component to the first page
 * (300 KB gzip). The components in `antd-heavy.ts` are built into a separate chunk of the same
 * build, so they share antd's internals (config provider, theme, style cache) with the rest of
 * `ui`: one antd, one theme, whichever app renders them.
 *
 * Each export here keeps antd's name, type and static members. On first render before the
 * chunk is loaded it suspends (React `use`) until the chunk arrives; a closed Modal renders
 * nothing meanwhile, as antd does for a modal never opened. Before the load, a stand-in
 * sub-component (`Form.Item`) is used; after it, antd's own. The shell loads the chunk before
 * any remote page mounts and when the browser is idle, so in practice only the shell's own
 * login page waits for it. Tests call `loadAntdOnDemand()` in their setup.
 */
type Heavy = typeof HeavyModule;

let heavy: Heavy | undefined;
let pending: Promise<Heavy> | undefined;

/** Loads the on-demand components (once; a failed load is retried by the next call). */
export function loadAntdOnDemand(): Promise<Heavy> {
  if (!pending) {
    const loading: Promise<Heavy> = import('./antd-heavy').then(
      (m) => {
        heavy = m;
        // React's `use` reads a settled promise's status and value: a component that renders
        // after the load (prefetched when idle) gets the module without suspending once.
        Object.assign(loading, { status: 'fulfilled', value: m });
        return m;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    pending = loading;
  }
  return pending;
}

/** True once the on-demand components are loaded (they then render without suspending). */
export function antdOnDemandLoaded(): boolean {
  return heavy !== undefined;
}

/**
 * The loaded module; during render only (suspends until loaded). Always through `use`: a
 * component that suspended on it must call `use` again when it retries (React checks).
 */
function current(): Heavy {
  return use(loadAntdOnDemand());
}

type AnyProps = Record<string, unknown> & { open?: boolean; forceRender?: boolean };
type Picker = (m: Heavy) => unknown;

/** A component rendering `pick(module)` with the same props (React 19 passes `ref` as a prop). */
function onDemand(displayName: string, pick: Picker, overlay = false): ComponentType<AnyProps> {
  function OnDemand(props: AnyProps) {
    // A closed overlay antd has never opened renders nothing: so does this one, without
    // waiting for the chunk (and without loading it: the shell loads it when idle).
    if (!heavy && overlay && !props.open && !props.forceRender) return null;
    return createElement(pick(current()) as ComponentType<AnyProps>, props);
  }
  OnDemand.displayName = displayName;
  return OnDemand;
}

interface Statics {
  /** Sub-components (`Form.Item`): a stand-in before the load, antd's own after it. */
  parts?: string[];
  /** Hooks (`Form.useForm`): called during render, they suspend until the load. */
  hooks?: string[];
  /** Functions for event handlers (`Modal.confirm`): throw if called before the load. */
  imperative?: string[];
  /** Constants and markers (`Table.SELECTION_ALL`): undefined before the load. */
  values?: string[];
  /** Modal: render nothing while closed and not loaded. */
  overlay?: boolean;
}

/**
 * The wrapper of one antd component. Every static is a getter: after the load it is antd's
 * own (so antd's identity checks, e.g. `child.type === Card.Grid`, hold), before it a
 * stand-in of its kind. `antd-on-demand.test.tsx` checks that every static of the real
 * component is here.
 */
function withStatics<K extends keyof Heavy>(name: K, statics: Statics = {}): Heavy[K] {
  const pick = (m: Heavy) => m[name] as unknown as Record<string, unknown>;
  const root = onDemand(name, pick, statics.overlay) as unknown as Record<string, unknown>;
  const define = (key: string, before: () => unknown) => {
    Object.defineProperty(root, key, { enumerable: true, get: () => (heavy ? pick(heavy)[key] : before()) });
  };
  for (const part of statics.parts ?? []) {
    const standIn = onDemand(`${name}.${part}`, (m) => pick(m)[part]);
    define(part, () => standIn);
  }
  for (const hook of statics.hooks ?? []) {
    const suspending = (...args: unknown[]) => (pick(current())[hook] as (...a: unknown[]) => unknown)(...args);
    define(hook, () => suspending);
  }
  for (const fn of statics.imperative ?? []) {
    const refuse = () => {
      throw new Error(`${name}.${fn} was called before loadAntdOnDemand() finished`);
    };
    define(fn, () => refuse);
  }
  for (const value of statics.values ?? []) define(value, () => undefined);
  return root as unknown as Heavy[K];
}

const PANEL = '_InternalPanelDoNotUseOrYouWillBeFired';

export const App = withStatics('App', { hooks: ['useApp'] });
export const Avatar = withStatics('Avatar', { parts: ['Group'] });
export const Badge = withStatics('Badge', { parts: ['Ribbon'] });
export const Card = withStatics('Card', { parts: ['Grid', 'Meta'] });
export const Checkbox = withStatics('Checkbox', { parts: ['Group'], values: ['__ANT_CHECKBOX'] });
export const Descriptions = withStatics('Descriptions', { parts: ['Item'] });
export const Empty = withStatics('Empty', { values: ['PRESENTED_IMAGE_DEFAULT', 'PRESENTED_IMAGE_SIMPLE'] });
export const Form = withStatics('Form', {
  parts: ['Item', 'List', 'ErrorList', 'Provider'],
  hooks: ['useForm', 'useWatch', 'useFormInstance'],
});
export const Image = withStatics('Image', { parts: ['PreviewGroup'] });
export const Input = withStatics('Input', { parts: ['Group', 'Password', 'Search', 'TextArea', 'OTP'] });
export const InputNumber = withStatics('InputNumber', { parts: [PANEL] });
export const Modal = withStatics('Modal', {
  overlay: true,
  parts: [PANEL],
  hooks: ['useModal'],
  imperative: ['confirm', 'info', 'success', 'error', 'warning', 'warn', 'destroyAll', 'config'],
});
export const Popconfirm = withStatics('Popconfirm', { parts: [PANEL] });
export const Result = withStatics('Result', {
  values: ['PRESENTED_IMAGE_403', 'PRESENTED_IMAGE_404', 'PRESENTED_IMAGE_500'],
});
export const Segmented = withStatics('Segmented');
export const Select = withStatics('Select', {
  parts: ['Option', 'OptGroup', PANEL],
  values: ['SECRET_COMBOBOX_MODE_DO_NOT_USE'],
});
export const Space = withStatics('Space', { parts: ['Compact', 'Addon'] });
export const Statistic = withStatics('Statistic', { parts: ['Timer', 'Countdown'] });
export const Table = withStatics('Table', {
  parts: ['Column', 'ColumnGroup', 'Summary'],
  values: ['SELECTION_COLUMN', 'EXPAND_COLUMN', 'SELECTION_ALL', 'SELECTION_INVERT', 'SELECTION_NONE'],
});
export const Tabs = withStatics('Tabs', { parts: ['TabPane'] });
export const Tag = withStatics('Tag', { parts: ['CheckableTag', 'CheckableTagGroup'] });
export const Tooltip = withStatics('Tooltip', { parts: [PANEL, 'UniqueProvider'] });
