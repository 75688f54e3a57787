import { REMOTE_LABELS, REMOTE_NAMES, type RemoteName } from '@manager/contract';
import { toast, useAuthStore } from '@manager/platform';
import { Button, Modal, Typography } from '@manager/ui';
import { Suspense, useState } from 'react';
import { swapRemote } from './area-generation';
import { answerOverride, clearOverrides, usePendingOverrides } from './overrides';
import { republishLive } from './remote-registry';
import { getConsoleVersions, useConsoleVersions } from './versions';

const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : String(error));

/**
 * Runs a confirmed override: published as the remote's live build for this tab, and swapped in
 * at once where the admin is signed in (the area they look at shows it, no Update to take).
 */
async function loadTestBuild(name: RemoteName): Promise<void> {
  answerOverride(name, true);
  await republishLive();
  if (useAuthStore.getState().isAuthenticated || getConsoleVersions().loaded[name]) await swapRemote(name);
}

/** Ends the overrides of these remotes and swaps back to the live build those this tab runs. */
async function leaveTestBuilds(names: readonly RemoteName[]): Promise<void> {
  clearOverrides(names);
  await republishLive();
  for (const name of names) {
    if (getConsoleVersions().loaded[name]?.override) await swapRemote(name);
  }
}

/**
 * Asks before an override that came in a link runs: the admin sees which build would replace
 * the remote and says yes once. Ignore (or closing the dialog) drops it.
 */
export function OverridePrompt() {
  const [asked] = usePendingOverrides();
  // Rendered only when there is something to ask: antd's Modal is an on-demand chunk.
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <Modal
        open
        title={`Load a test build of ${REMOTE_LABELS[asked.name]}?`}
        okText="Load test build"
        cancelText="Ignore"
        onOk={() => loadTestBuild(asked.name).catch(failed)}
        onCancel={() => answerOverride(asked.name, false)}
      >
        <p>
          A link asks this tab to run {REMOTE_LABELS[asked.name]} from another build instead of the live one,
          until you leave the test build or close the tab:
        </p>
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {asked.url}
        </Typography.Text>
      </Modal>
    </Suspense>
  );
}

/**
 * While this tab runs a test build of a remote, the top bar says so: `Test build: <Remote>`.
 * Taking it ends the override and swaps that area back to the live build.
 */
export function TestBuildNotice() {
  const { loaded, live } = useConsoleVersions();
  const [busy, setBusy] = useState<ReadonlySet<RemoteName>>(new Set());
  const names = REMOTE_NAMES.filter((name) => live[name]?.override || loaded[name]?.override);
  const leave = async (name: RemoteName) => {
    setBusy((current) => new Set(current).add(name));
    try {
      await leaveTestBuilds([name]);
    } catch (error) {
      failed(error);
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(name);
        return next;
      });
    }
  };
  return names.map((name) => (
    <Button
      key={name}
      size="small"
      danger
      loading={busy.has(name)}
      title={`This tab runs a test build of ${REMOTE_LABELS[name]}: back to the live build`}
      onClick={() => void leave(name)}
    >
      {`Test build: ${REMOTE_LABELS[name]}`}
    </Button>
  ));
}
