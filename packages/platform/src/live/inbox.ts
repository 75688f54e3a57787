/** The inbox's hooks (`useInbox`, `useMarkRead`), loaded on first use: the bell, after the first screen. */
export const loadInbox = () => import('./on-demand/inbox.ts');
export type InboxHooks = Awaited<ReturnType<typeof loadInbox>>;
