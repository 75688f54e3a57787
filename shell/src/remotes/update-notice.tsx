import type { AreaName } from '@manager/contract';
import { toast } from '@manager/platform';
import { Button, Flex, Modal } from '@manager/ui';
import { Suspense, useState } from 'react';
import { swapRemote } from './area-generation';
import { hasUnsavedInput } from './unsaved-input';
import { areaLabelOf, getConsoleVersions, updateFor, useConsoleVersions } from './versions';

/** Visible to screen readers only: the outcome of a swap, said once. */
const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The top bar's quiet offer: `Update <Remote>` for each remote this tab loaded whose live build
 * (for this admin, canary and override applied) is another one. Taking it swaps that remote in
 * place; with unsaved input in its area, it asks first. Offers and the outcome
 * (`Settings updated to <version>`) are announced politely; the area takes the focus.
 */
export function UpdateNotice() {
  const versions = useConsoleVersions();
  const [asking, setAsking] = useState<AreaName | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<AreaName>>(new Set());
  const [said, setSaid] = useState('');
  const names = Object.keys(versions.live).filter((name) => updateFor(name, versions));

  const swap = async (name: AreaName) => {
    setBusy((current) => new Set(current).add(name));
    try {
      await swapRemote(name);
      setSaid(
        `${areaLabelOf(name)} updated to ${getConsoleVersions().loaded[name]?.version ?? 'the live build'}`,
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(name);
        return next;
      });
    }
  };
  const take = (name: AreaName) => {
    if (hasUnsavedInput(name)) setAsking(name);
    else void swap(name);
  };

  return (
    <Flex aria-live="polite" gap={8} wrap style={{ marginInlineStart: 'auto' }}>
      {names.map((name) => (
        <Button key={name} size="small" loading={busy.has(name)} onClick={() => take(name)}>
          {`Update ${areaLabelOf(name, versions)}`}
        </Button>
      ))}
      <span role="status" style={SCREEN_READER_ONLY}>
        {said}
      </span>
      <Suspense fallback={null}>
        <Modal
          open={asking !== null}
          title={asking ? `${areaLabelOf(asking, versions)} has unsaved changes` : undefined}
          okText="Update anyway"
          cancelText="Keep editing"
          onOk={() => {
            const name = asking;
            setAsking(null);
            if (name) void swap(name);
          }}
          onCancel={() => setAsking(null)}
        >
          What was typed and not saved is lost when this part of the console is updated.
        </Modal>
      </Suspense>
    </Flex>
  );
}
