import { createElement, type ComponentType } from 'react';
import type { OnDemandChunk } from './chunk.ts';

/** A part with statics of its own (`['Summary', { parts: ['Row', 'Cell'] }]`). */
export type Part = string | [name: string, statics: Statics];

/**
 * The static members of one antd export, by kind: what each gives before its chunk is loaded.
 * After the load every one of them is antd's own (a getter), so antd's identity checks, e.g.
 * `child.type === Card.Grid`, hold. `antd-surface.test.tsx` checks that every static of every
 * antd export is listed here.
 */
export interface Statics {
  /** Sub-components (`Form.Item`): a stand-in that suspends like its parent. */
  parts?: Part[];
  /** Hooks (`Form.useForm`, `message.useMessage`): called during render, they suspend. */
  hooks?: string[];
  /** Calls made from event handlers (`Modal.confirm`, `message.success`): load, then call. */
  imperative?: string[];
  /** Factories of components (`DatePicker.generatePicker`): a component made once loaded. */
  factories?: Record<string, Statics>;
  /** Pure functions with a synchronous result (`Mentions.getMentions`): throw before the load. */
  sync?: string[];
  /** Constants and markers (`Table.SELECTION_ALL`): undefined before the load. */
  values?: string[];
  /**
   * An overlay: renders nothing while closed and not loaded. `closed` (`Modal`): closed unless
   * `open` or `defaultOpen`; `open` (`Tour`, which rc-tour opens when `open` is not given):
   * closed only with `open={false}`.
   */
  overlay?: 'closed' | 'open';
}

/** antd's debug panel, a sub-component of most overlays and inputs. */
export const PANEL = '_InternalPanelDoNotUseOrYouWillBeFired';
/** The marker rc-select reads on an option's type. */
export const SELECT_OPTION: Statics = { values: ['isSelectOption'] };

type Target = Record<string, unknown>;
type AnyProps = Record<string, unknown> & { open?: boolean; defaultOpen?: boolean; forceRender?: boolean };

/** Is this overlay closed, as antd would draw it with these props? */
function overlayClosed(props: AnyProps, byDefault: 'closed' | 'open'): boolean {
  if (props.forceRender) return false;
  if (props.open !== undefined) return !props.open;
  return byDefault === 'closed' && !props.defaultOpen;
}

/** A component rendering `pick(module)` with the same props (React 19 passes `ref` as a prop). */
function component<M>(
  chunk: OnDemandChunk<M>,
  displayName: string,
  pick: (m: M) => unknown,
  overlay?: 'closed' | 'open',
) {
  function OnDemand(props: AnyProps) {
    // A closed overlay antd has never opened renders nothing: so does this one, without
    // waiting for the chunk (and without loading it: the shell loads it when idle).
    if (!chunk.loaded() && overlay && overlayClosed(props, overlay)) return null;
    return createElement(pick(chunk.read()) as ComponentType<AnyProps>, props);
  }
  OnDemand.displayName = displayName;
  return OnDemand;
}

/**
 * What an imperative static returns before its chunk is there: it forwards, once antd's own
 * result exists, what antd's results offer: calling it (a message's close function), `then`
 * (a message settles when it closes; a modal's handle resolves), `destroy` and `update` (a
 * confirm modal's handle). The result is boxed so a thenable result is not adopted early.
 */
function later(result: Promise<{ value: unknown }>) {
  const call = (...args: unknown[]) => {
    void result.then(({ value }) => {
      if (typeof value === 'function') (value as (...a: unknown[]) => unknown)(...args);
    });
  };
  const method =
    (key: string) =>
    (...args: unknown[]) => {
      void result.then(({ value }) => {
        const fn = (value as Target | undefined)?.[key];
        if (typeof fn === 'function') (fn as (...a: unknown[]) => unknown).apply(value, args);
      });
    };
  return Object.assign(call, {
    destroy: method('destroy'),
    update: method('update'),
    then: (onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) =>
      result.then(({ value }) => value).then(onFulfilled, onRejected),
  });
}

/** Defines `statics` on `root` as getters: antd's own member once loaded, a stand-in before. */
function addStatics<M>(
  root: object,
  chunk: OnDemandChunk<M>,
  name: string,
  pick: (m: M) => unknown,
  statics: Statics,
) {
  const target = (m: M) => pick(m) as Target;
  const define = (key: string, before: () => unknown) => {
    Object.defineProperty(root, key, {
      enumerable: true,
      get: () => {
        const m = chunk.loaded();
        return m ? target(m)[key] : before();
      },
    });
  };
  for (const part of statics.parts ?? []) {
    const [key, own] = typeof part === 'string' ? [part, {}] : part;
    const partPick = (m: M) => target(m)[key];
    const standIn = addStatics(
      component(chunk, `${name}.${key}`, partPick),
      chunk,
      `${name}.${key}`,
      partPick,
      own,
    );
    define(key, () => standIn);
  }
  for (const key of statics.hooks ?? []) {
    const suspending = (...args: unknown[]) =>
      (target(chunk.read())[key] as (...a: unknown[]) => unknown)(...args);
    define(key, () => suspending);
  }
  for (const key of statics.imperative ?? []) {
    const deferred = (...args: unknown[]) =>
      later(chunk.load().then((m) => ({ value: (target(m)[key] as (...a: unknown[]) => unknown)(...args) })));
    define(key, () => deferred);
  }
  for (const [key, made] of Object.entries(statics.factories ?? {})) {
    const factory = (...args: unknown[]) => {
      let result: unknown;
      const madePick = (m: M) => (result ??= (target(m)[key] as (...a: unknown[]) => unknown)(...args));
      return addStatics(
        component(chunk, `${name}.${key}()`, madePick),
        chunk,
        `${name}.${key}()`,
        madePick,
        made,
      );
    };
    define(key, () => factory);
  }
  for (const key of statics.sync ?? []) {
    const refuse = () => {
      throw new Error(`${name}.${key} needs antd's ${name}: render one or await loadAntd('${name}') first`);
    };
    define(key, () => refuse);
  }
  for (const key of statics.values ?? []) define(key, () => undefined);
  return root;
}

/**
 * The on-demand stand-in of the antd component `pick(module)` of `chunk`, with its statics:
 * it renders antd's component (suspending until the chunk is loaded) with the same props.
 */
export function wrapComponent<T, M>(
  chunk: OnDemandChunk<M>,
  name: string,
  pick: (m: M) => unknown,
  statics: Statics = {},
): T {
  return addStatics(component(chunk, name, pick, statics.overlay), chunk, name, pick, statics) as T;
}

/** The same for an antd export that is an object of statics, not a component (`message`). */
export function wrapObject<T, M>(
  chunk: OnDemandChunk<M>,
  name: string,
  pick: (m: M) => unknown,
  statics: Statics,
): T {
  return addStatics({}, chunk, name, pick, statics) as T;
}
