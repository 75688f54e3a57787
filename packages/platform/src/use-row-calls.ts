import { useState } from 'react';
import { toast } from './toasts.tsx';

const messageOf = (error: unknown) => (error instanceof Error && error.message) || 'Unknown error';

/**
 * Changes made from a list's rows. `run(work, { id, kind })` marks row `id` busy with `kind`
 * while `work` runs, then toasts the success text `work` resolves, or the error's message.
 * It resolves whether the change worked, so a form knows to close or reset. Without a row
 * (an add, a form's save) nothing is marked.
 */
export function useRowCalls<K extends string>() {
  const [busy, setBusy] = useState<Readonly<Record<number, K>>>({});
  async function run(work: () => Promise<string>, row?: { id: number; kind: K }): Promise<boolean> {
    if (row) setBusy((current) => ({ ...current, [row.id]: row.kind }));
    try {
      toast.success(await work());
      return true;
    } catch (error) {
      toast.error(messageOf(error));
      return false;
    } finally {
      if (row) {
        setBusy((current) => {
          const next = { ...current };
          delete next[row.id];
          return next;
        });
      }
    }
  }
  return { busy, run };
}
