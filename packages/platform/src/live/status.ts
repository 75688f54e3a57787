/**
 * Whether this tab receives the event stream: its own connection, or another tab's shared with it
 * (`connection/tabs.ts`). After it was down, the lists on screen are refreshed once (`start.ts`).
 */
export type LiveStatus = 'off' | 'connecting' | 'up' | 'down';

let status: LiveStatus = 'off';

export function setLiveStatus(next: LiveStatus): void {
  status = next;
}

export const getLiveStatus = (): LiveStatus => status;
