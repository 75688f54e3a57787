/**
 * The keys typed between opening the palette and its input taking the focus. The palette's
 * code (and antd's Modal) load on first use, so an admin who presses Ctrl+K and types at once
 * types into a page that has no input yet: from the moment the palette is asked for, a
 * capturing listener keeps what is typed (text, Backspace, Enter) and keeps it from reaching
 * the page; the input takes it over when it is focused, and from then on the keys are its own.
 */
export interface TypedAhead {
  text: string;
  /** Enter was pressed: the palette opens its first result once the results are in. */
  enter: boolean;
}

export interface TypeAhead {
  /** What was typed so far; the listener stops, so the next keys go where the focus is. */
  take(): TypedAhead;
  /** Stops listening, dropping what was typed (the palette was closed before it showed). */
  stop(): void;
}

/** Keys with a meaning of their own in the console (Ctrl+K, shortcuts) are left alone. */
const withModifier = (e: KeyboardEvent) => e.ctrlKey || e.metaKey || e.altKey;

/** Starts keeping the keys typed in this page; `onEscape` closes the palette before it shows. */
export function startTypeAhead(onEscape: () => void, target: Window = window): TypeAhead {
  const typed: TypedAhead = { text: '', enter: false };
  let listening = true;
  const onKey = (event: KeyboardEvent) => {
    if (event.isComposing || withModifier(event)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      stop();
      onEscape();
      return;
    }
    if (event.key === 'Enter') typed.enter = true;
    else if (event.key === 'Backspace') typed.text = typed.text.slice(0, -1);
    else if (event.key.length !== 1) return;
    // What follows an Enter is dropped: the first result of what came before it opens.
    else if (!typed.enter) typed.text += event.key;
    // Kept for the palette: the button or field that has the focus meanwhile must not act on it.
    event.preventDefault();
    event.stopPropagation();
  };
  const stop = () => {
    if (!listening) return;
    listening = false;
    target.removeEventListener('keydown', onKey, true);
  };
  target.addEventListener('keydown', onKey, true);
  return {
    take: () => {
      stop();
      return { ...typed };
    },
    stop,
  };
}
