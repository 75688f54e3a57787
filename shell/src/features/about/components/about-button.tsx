import { Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@manager/ui';
import { AboutDialog } from './about-dialog';

/**
 * The top bar's "About" entry. The dialog exists only while open: its antd parts load with their
 * chunk when first asked for, and a closed dialog follows no store. Closing it puts the focus
 * back on the entry, where a keyboard user left off.
 */
export function AboutButton() {
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
      <Button ref={button} type="text" onClick={() => setOpen(true)}>
        About
      </Button>
      <Suspense fallback={null}>{open && <AboutDialog onClose={close} />}</Suspense>
    </>
  );
}
