import { lazy, Suspense, type ComponentType } from 'react';
import { loadInbox, useAfterFirstScreen } from '@manager/platform';
import { usePhone } from '@manager/ui';

// The bell's code and the inbox's hooks, in one step. A load that fails (a deploy replaced the
// chunk under an open tab) leaves the bell out until the next load, never the whole console.
const InboxBell = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    const [{ default: Bell }, inbox] = await Promise.all([import('./inbox-bell'), loadInbox()]);
    return { default: () => <Bell inbox={inbox} /> };
  } catch (error) {
    console.warn('The notifications bell could not load; it returns with the next page load', error);
    return { default: () => null };
  }
});

/** Where the bell stands before it is drawn (its width: small on a phone): the top bar does not move when it appears. */
const place = (phone: boolean) => (
  <span aria-hidden style={{ display: 'inline-block', width: phone ? 24 : 32, flex: 'none' }} />
);

/**
 * The bell's place in the top bar. The first screen does not need it: its code and its first
 * read of the inbox come once that screen has its data.
 */
export function InboxEntry() {
  const ready = useAfterFirstScreen();
  const phone = usePhone();
  if (!ready) return place(phone);
  return (
    <Suspense fallback={place(phone)}>
      <InboxBell />
    </Suspense>
  );
}
