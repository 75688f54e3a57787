import { Toaster } from 'react-hot-toast';
import { TOAST } from '@manager/contract';

export { toast } from 'react-hot-toast';

/**
 * Toasts are read-only and click-through: at a phone's width they sit over the top bar's
 * Logout button and over row actions, and react-hot-toast pauses a hovered toast, so a
 * pointer resting there would otherwise keep it (and the blocked control) forever.
 */
const TOAST_STYLE = { pointerEvents: 'none' } as const;

/** The page's one toaster (spec: top-right, 4 s, 3 s for success). Mounted by the shell. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST.DEFAULT_MS,
        style: TOAST_STYLE,
        success: { duration: TOAST.SUCCESS_MS },
      }}
    />
  );
}
