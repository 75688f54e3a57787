/**
 * Where the focus goes when a dialog opens: its first field, else its `Cancel`, never the close
 * button (antd focuses the dialog box itself, so the first Tab lands on the ×). A field the
 * dialog focused itself (`autoFocus`) keeps the focus.
 */

/**
 * Fields a person types into or picks from; a Select's search input is read-only but is one.
 * An upload's file input is not: it is hidden behind its button and cannot take the focus.
 */
const FIELD = [
  'input:not([type="hidden"]):not([type="file"]):not([disabled]):not([readonly])',
  'input[role="combobox"]:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
  '[contenteditable="true"]',
].join(', ');

/** What counts as a choice already made inside the dialog (not its box or the close button). */
const CHOSEN = `${FIELD}, button:not([disabled]), a[href]`;

const usable = (el: Element): el is HTMLElement =>
  el instanceof HTMLElement && !el.closest('[hidden], [aria-hidden="true"], .ant-form-item-hidden');

const isClose = (el: Element) => el.closest('.ant-modal-close, .ant-drawer-close') !== null;

/** The first field of the dialog's body, else its `Cancel` button. */
export function dialogFirstFocus(panel: HTMLElement): HTMLElement | null {
  const body = panel.querySelector('.ant-modal-body, .ant-drawer-body') ?? panel;
  const field = [...body.querySelectorAll(FIELD)].find(usable);
  if (field) return field;
  const cancel = [...panel.querySelectorAll('button:not([disabled])')].find(
    (b) => usable(b) && b.textContent?.trim() === 'Cancel',
  );
  return (cancel as HTMLElement | undefined) ?? null;
}

/** Moves the focus to the dialog's first field or Cancel, unless something in it has it already. */
export function focusDialog(panel: HTMLElement | null): void {
  if (!panel?.isConnected) return;
  const active = document.activeElement;
  if (active && active !== panel && panel.contains(active) && active.matches(CHOSEN) && !isClose(active))
    return;
  dialogFirstFocus(panel)?.focus();
}
