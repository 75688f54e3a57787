import { Suspense, useRef, useState } from 'react';
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
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <Button ref={button} type="text" onClick={() => setOpen(true)}>
        About
      </Button>
      <Suspense fallback={null}>{open && <AboutDialog onClose={close} />}</Suspense>
    </>
  );
}
