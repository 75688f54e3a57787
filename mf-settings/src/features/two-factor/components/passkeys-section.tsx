import type { Passkey } from '@manager/contract';
import { toast } from '@manager/platform';
import {
  Button,
  ErrorState,
  Flex,
  formatDateTime,
  LoadingState,
  Popconfirm,
  timeAgo,
  Typography,
} from '@manager/ui';
import { useState } from 'react';
import { useRemovePasskey } from '../api/change-passkeys';
import { usePasskeys } from '../api/get-passkeys';
import { PASSKEY_TEXTS } from '../api/passkey-messages';
import { AddPasskeyModal } from './add-passkey-modal';

/** One passkey: its name, when it was added and last used, and "Remove" (with a confirmation). */
function PasskeyItem({
  passkey,
  onRemove,
  removing,
  disabled,
}: {
  passkey: Passkey;
  onRemove: () => Promise<unknown>;
  removing: boolean;
  disabled: boolean;
}) {
  const nameId = `passkey-${passkey.id}`;
  return (
    <li style={{ padding: '12px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {passkey.name}
          </Typography.Text>
          <Typography.Text type="secondary">
            Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
          </Typography.Text>
          <Typography.Text type="secondary">
            {passkey.lastUsedAt ? (
              <>
                Last used{' '}
                <time dateTime={passkey.lastUsedAt} title={formatDateTime(passkey.lastUsedAt)}>
                  {timeAgo(passkey.lastUsedAt)}
                </time>
              </>
            ) : (
              'Never used'
            )}
          </Typography.Text>
        </Flex>
        {/* Closes at once: the removal may first ask "Confirm it's you"; the button shows it is busy. */}
        <Popconfirm
          title={`Remove the passkey "${passkey.name}"?`}
          okText="Remove"
          okButtonProps={{ danger: true }}
          onConfirm={() => void onRemove()}
        >
          {/* The button's name stays "Remove"; which passkey it removes is its description. */}
          <Button danger aria-describedby={nameId} loading={removing} disabled={disabled && !removing}>
            Remove
          </Button>
        </Popconfirm>
      </Flex>
    </li>
  );
}

/**
 * The admin's passkeys in the two-factor section: a passkey signs in as the second factor and
 * confirms a step-up. Adding and removing one needs a fresh confirmation ("Confirm it's you").
 */
export function PasskeysSection() {
  const { data: passkeys, error, isPending, refetch } = usePasskeys();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);

  const removeOne = (id: number) =>
    remove.mutateAsync(id).then(
      () => toast.success(PASSKEY_TEXTS.removed),
      (e: unknown) => toast.error((e instanceof Error && e.message) || PASSKEY_TEXTS.remove.failed),
    );

  let body;
  if (isPending) body = <LoadingState text="Loading passkeys..." />;
  else if (error && !passkeys)
    body = <ErrorState message={PASSKEY_TEXTS.fetchFailed} onRetry={() => void refetch()} />;
  else if (passkeys!.length === 0)
    body = <Typography.Text type="secondary">No passkeys yet.</Typography.Text>;
  else {
    body = (
      <ul aria-label="Passkeys" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {passkeys!.map((passkey) => (
          <PasskeyItem
            key={passkey.id}
            passkey={passkey}
            onRemove={() => removeOne(passkey.id)}
            removing={remove.isPending && remove.variables === passkey.id}
            disabled={remove.isPending}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="passkeys-title" style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={3} id="passkeys-title" style={{ fontSize: 16, margin: 0 }}>
          Passkeys
        </Typography.Title>
        <Button onClick={() => setAdding(true)}>Add passkey</Button>
      </Flex>
      <Typography.Paragraph type="secondary">
        Sign in and confirm sensitive actions with this device&apos;s screen lock or a security key instead of
        a code.
      </Typography.Paragraph>
      {body}
      {adding && <AddPasskeyModal onClose={() => setAdding(false)} />}
    </section>
  );
}
