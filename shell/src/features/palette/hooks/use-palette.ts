import { useCallback, useEffect, useRef, useState } from 'react';
import { startTypeAhead, type TypeAhead, type TypedAhead } from './type-ahead';

/** Ctrl+K, or Cmd+K on a Mac; either on any system, as a keyboard may be shared. */
export function isPaletteKey(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}

const NOTHING_TYPED: TypedAhead = { text: '', enter: false };

/**
 * The palette's open state: Ctrl+K / Cmd+K anywhere in the page opens it (the browser's own
 * use of the keys is prevented), and closing puts the focus back where it was when it opened,
 * after the dialog and its focus trap have gone. From the moment it is asked for, the keys
 * typed are kept (`type-ahead.ts`) until its input takes them with `takeTyped`.
 */
export function usePalette() {
  const [open, setOpen] = useState(false);
  const before = useRef<HTMLElement | null>(null);
  const typeAhead = useRef<TypeAhead | null>(null);
  const close = useCallback(() => {
    typeAhead.current?.stop();
    typeAhead.current = null;
    setOpen(false);
  }, []);
  const show = useCallback(() => {
    if (typeAhead.current) return;
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      before.current = document.activeElement;
    typeAhead.current = startTypeAhead(close);
    setOpen(true);
  }, [close]);
  const takeTyped = useCallback((): TypedAhead => {
    const typed = typeAhead.current?.take() ?? NOTHING_TYPED;
    return typed;
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      event.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      // Still in the page (not on a page the palette left): the admin goes on from there.
      if (before.current?.isConnected) before.current.focus();
      before.current = null;
    }
  }, [open]);
  return { open, show, close, takeTyped };
}
