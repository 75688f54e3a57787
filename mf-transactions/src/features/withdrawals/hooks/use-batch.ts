import type { Withdrawal, WithdrawalBatchAction, WithdrawalBatchResult } from '@manager/contract';
import { toast } from '@manager/platform';
import { useRef, useState } from 'react';
import { useDecideWithdrawals } from '../api/decide-withdrawals';

/**
 * The rows ticked for a batch decision, its confirmation and its results. A ticked row keeps its
 * data (amount, currency, player) for the confirmation while the list moves to another page;
 * the batch clears the selection once it is sent.
 */
export function useBatch(rows: readonly Withdrawal[]) {
  const [selected, setSelected] = useState<ReadonlyMap<number, Withdrawal>>(new Map());
  const [asked, setAsked] = useState<{ action: WithdrawalBatchAction; rows: Withdrawal[] } | null>(null);
  const [results, setResults] = useState<WithdrawalBatchResult[] | null>(null);
  const decide = useDecideWithdrawals();
  // isPending only turns true on the next render: a double click must not post twice.
  const inFlight = useRef(false);

  const select = (ids: number[]) =>
    setSelected((before) => {
      const next = new Map<number, Withdrawal>();
      for (const id of ids) {
        const w = rows.find((r) => r.id === id) ?? before.get(id);
        if (w) next.set(id, w);
      }
      return next;
    });

  const confirm = () => {
    if (!asked || inFlight.current) return;
    inFlight.current = true;
    decide.mutate(
      { action: asked.action, ids: asked.rows.map((w) => w.id) },
      {
        onSuccess: (answer) => {
          setResults(answer);
          setSelected(new Map());
        },
        onError: (error) => {
          toast.error(error.message);
          setAsked(null);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return {
    selectedIds: [...selected.keys()],
    count: selected.size,
    select,
    asked,
    results,
    busy: decide.isPending,
    start: (action: WithdrawalBatchAction) => setAsked({ action, rows: [...selected.values()] }),
    confirm,
    close: () => {
      if (decide.isPending) return;
      setAsked(null);
      setResults(null);
    },
  };
}

export type Batch = ReturnType<typeof useBatch>;
