import { SUCCESS_CODE, type RemoteName } from '@manager/contract';
import type { AxiosInstance } from 'axios';

/**
 * Whether a remote's area holds input nobody saved: any `input` event from an editable element
 * inside it since its last route change or the last successful change call (non-GET, outside
 * /auth). Search boxes (`type=search`, role `searchbox`, or inside `[data-unsaved-ignore]`) do
 * not count: losing a search loses nothing.
 */
const unsaved = new Set<RemoteName>();

export function hasUnsavedInput(name: RemoteName): boolean {
  return unsaved.has(name);
}

export function clearUnsavedInput(name?: RemoteName): void {
  if (name) unsaved.delete(name);
  else unsaved.clear();
}

function isEditable(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !['search', 'button', 'submit', 'reset', 'image', 'hidden'].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable;
}

function isSearch(target: HTMLElement): boolean {
  return (
    (target instanceof HTMLInputElement && target.type === 'search') ||
    target.getAttribute('role') === 'searchbox' ||
    target.closest('[data-unsaved-ignore]') !== null
  );
}

/** The area's `onInput` (React's: it also sees inputs in the area's modals and drawers). */
export function noteInput(name: RemoteName, target: EventTarget | null): void {
  if (isEditable(target) && !isSearch(target)) unsaved.add(name);
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
