import { SUCCESS_CODE, type AreaName } from '@manager/contract';
import type { AxiosInstance } from 'axios';

/**
 * Whether a remote's area holds input nobody saved: an `input` or `change` event from an
 * editable element inside it, or a click on a control that sends neither (a switch, a checkbox
 * or radio drawn by antd, an option of a Select, a slider, a date picker's cell), since its last
 * route change, its last swap or the last successful change call (non-GET, outside /auth).
 * Search boxes (`type=search`, role `searchbox`, or inside `[data-unsaved-ignore]`) do not
 * count: losing a search loses nothing.
 */
const unsaved = new Set<AreaName>();

export function hasUnsavedInput(name: AreaName): boolean {
  return unsaved.has(name);
}

export function clearUnsavedInput(name?: AreaName): void {
  if (name) unsaved.delete(name);
  else unsaved.clear();
}

function isEditable(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement)
    return !['search', 'button', 'submit', 'reset', 'image', 'hidden'].includes(target.type);
  return (
    target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable
  );
}

function isSearch(target: HTMLElement): boolean {
  return (
    (target instanceof HTMLInputElement && target.type === 'search') ||
    target.getAttribute('role') === 'searchbox' ||
    target.closest('[data-unsaved-ignore]') !== null
  );
}

/**
 * The area's `onInput` and `onChange` (React's: they also see the area's modals, drawers and
 * dropdowns, which antd renders in portals outside its DOM).
 */
export function noteInput(name: AreaName, target: EventTarget | null): void {
  if (isEditable(target) && !isSearch(target)) unsaved.add(name);
}

/** Controls that change a value without an `input` event: antd draws them from plain elements. */
const SILENT_CONTROLS =
  '[role=switch], [role=checkbox], [role=radio], [role=option], [role=slider], .ant-picker-cell';

/** The area's `onClick` (React's, portals included): a click on a silent control changes a value. */
export function noteClick(name: AreaName, target: EventTarget | null): void {
  if (!(target instanceof Element)) return;
  const control = target.closest(SILENT_CONTROLS);
  if (!(control instanceof HTMLElement) || isSearch(control)) return;
  if (
    control.getAttribute('aria-disabled') === 'true' ||
    control.classList.contains('ant-picker-cell-disabled')
  )
    return;
  unsaved.add(name);
}

/** Keys that move a slider (`role=slider`), which sends no `input` event either. */
const SLIDER_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** The area's `onKeyDown`: a slider moved from the keyboard. */
export function noteKey(name: AreaName, target: EventTarget | null, key: string): void {
  if (SLIDER_KEYS.has(key) && target instanceof Element && target.closest('[role=slider]'))
    noteClick(name, target);
}

/** A successful change call (envelope `code` 200) saved what was typed: no area holds unsaved input after it. */
export function trackSavedCalls(client: AxiosInstance): void {
  client.interceptors.response.use((response) => {
    const method = (response.config.method ?? 'get').toLowerCase();
    const url = response.config.url ?? '';
    const succeeded = (response.data as { code?: unknown } | undefined)?.code === SUCCESS_CODE;
    if (succeeded && method !== 'get' && method !== 'head' && !url.startsWith('/auth/')) clearUnsavedInput();
    return response;
  });
}
