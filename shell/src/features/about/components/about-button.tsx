import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@manager/ui';

const AboutDialog = lazy(() => import('./about-dialog').then((m) => ({ default: m.AboutDialog })));

/**
 * The top bar's "About" entry (an icon named About on a phone). The dialog exists only while
 * open: its code and its antd parts load when first asked for, and a closed dialog follows no
 * store. Closing it puts the focus back on the entry, where a keyboard user left off.
 */
export function AboutButton({ icon }: { icon?: ReactNode } = {}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // After the dialog has gone (its focus trap with it), not while it still holds the focus.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      button.current?.focus();
    }
  }, [open]);
  const close = () => setOpen(false);
  return (
    <>
      {icon ? (
        <Button
          ref={button}
          type="text"
          icon={icon}
          aria-label="About"
          title="About"
          onClick={() => setOpen(true)}
        />
      ) : (
        <Button ref={button} type="text" onClick={() => setOpen(true)}>
          About
        </Button>
      )}
      <Suspense fallback={null}>{open && <AboutDialog onClose={close} />}</Suspense>
    </>
  );
}
