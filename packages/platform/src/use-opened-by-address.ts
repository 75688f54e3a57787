import { useEffect } from 'react';
import { useSearchParams } from './router.ts';

/** The address parameter that asks a page to open one of its forms: `?new=task`. */
export const OPEN_FORM_PARAM = 'new';

/**
 * Opens a page's form when the address asks for it (`?new=<form>`, as the shell's command
 * palette does for `New task`), then takes the parameter out of the address (replacing the
 * entry), so Back and a reload do not open it again. Works when the page is already shown.
 */
export function useOpenedByAddress(form: string, open: () => void): void {
  const [params, setParams] = useSearchParams();
  const asked = params.get(OPEN_FORM_PARAM) === form;
  useEffect(() => {
    if (!asked) return;
    open();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_FORM_PARAM);
        return next;
      },
      { replace: true },
    );
    // `open` is the page's setter of the moment; the address alone decides.
  }, [asked]);
}
