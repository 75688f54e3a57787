import { lazy, Suspense } from 'react';
import { loadInbox, useAfterFirstScreen } from '@manager/platform';

// The bell's code and the inbox's hooks, in one step.
const InboxBell = lazy(async () => {
  const [{ default: Bell }, inbox] = await Promise.all([import('./inbox-bell'), loadInbox()]);
  return { default: () => <Bell inbox={inbox} /> };
});

/** Where the bell stands before it is drawn: the top bar does not move when it appears. */
const PLACE = <span aria-hidden style={{ display: 'inline-block', width: 32, flex: 'none' }} />;

/**
 * The bell's place in the top bar. The first screen does not need it: its code and its first
 * read of the inbox come once that screen has its data.
 */
export function InboxEntry() {
  const ready = useAfterFirstScreen();
  if (!ready) return PLACE;
  return (
    <Suspense fallback={PLACE}>
      <InboxBell />
    </Suspense>
  );
}
