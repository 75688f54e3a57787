import { REMOTE_LABELS, REMOTE_NAMES, type RemoteName } from '@manager/contract';
import { toast } from '@manager/platform';
import { Button, Flex, Modal } from '@manager/ui';
import { Suspense, useState } from 'react';
import { swapRemote } from './area-generation';
import { hasUnsavedInput } from './unsaved-input';
import { useConsoleVersions } from './versions';

/**
 * The top bar's quiet offer: `Update <Remote>` for each remote this tab loaded whose live build
 * (for this admin, canary and override applied) is another one. Taking it swaps that remote in
 * place; with unsaved input in its area, it asks first. Announced politely to screen readers.
 */
export function UpdateNotice() {
  const { loaded, live } = useConsoleVersions();
  const [asking, setAsking] = useState<RemoteName | null>(null);
  const [busy, setBusy] = useState<RemoteName | null>(null);
  const names = REMOTE_NAMES.filter((name) => {
    const running = loaded[name];
    const wanted = live[name];
    return running && wanted && running.entry !== wanted.entry;
  });

  const swap = async (name: RemoteName) => {
    setBusy(name);
    try {
      await swapRemote(name);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };
  const take = (name: RemoteName) => {
    if (hasUnsavedInput(name)) setAsking(name);
    else void swap(name);
  };

  return (
    <Flex aria-live="polite" gap={8} wrap style={{ marginInlineStart: 'auto' }}>
      {names.map((name) => (
        <Button key={name} size="small" loading={busy === name} onClick={() => take(name)}>
          {`Update ${REMOTE_LABELS[name]}`}
        </Button>
      ))}
      <Suspense fallback={null}>
        <Modal
          open={asking !== null}
          title={asking ? `${REMOTE_LABELS[asking]} has unsaved changes` : undefined}
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
