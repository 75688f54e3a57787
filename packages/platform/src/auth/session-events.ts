import type { Admin } from '@manager/contract';

/**
 * The HTTP layer tells the auth store about session changes it causes (a refresh, a failed
 * refresh, a refusal naming a permission) without importing the store, which itself imports the HTTP layer.
 */
type SessionEvent =
  | { type: 'expired' }
  | { type: 'refreshed'; admin?: Admin }
  /** A 403 whose body names the permission missing (`data.permission`). */
  | { type: 'refused'; permission: string };
type Listener = (event: SessionEvent) => void;

const listeners = new Set<Listener>();

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEvent(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}
