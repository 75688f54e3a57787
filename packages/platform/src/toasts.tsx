import { Toaster } from 'react-hot-toast';
import { TOAST } from '@manager/contract';

export { toast } from 'react-hot-toast';

/** The page's one toaster (spec: top-right, 4 s, 3 s for success). Mounted by the shell. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{ duration: TOAST.DEFAULT_MS, success: { duration: TOAST.SUCCESS_MS } }}
    />
  );
}
