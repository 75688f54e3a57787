import { Alert, Flex, Modal, Typography } from '@manager/ui';
import type { Mailing } from '@manager/contract';
import { useMailingRecipients } from '../api/mailing-draft-api';
import { MessagePreview } from './message-preview';

interface StartMailingModalProps {
  /** The waiting mailing whose Start was clicked; null: closed. */
  mailing: Mailing | null;
  starting: boolean;
  onConfirm: (mailing: Mailing) => void;
  onCancel: () => void;
}

/**
 * Start asks first: how many players the mailing will reach (counted by the API as its delivery
 * selects them) and the message as they will see it. Only Confirm starts it; Confirm waits for
 * the count, so nobody starts a mailing without having seen who it goes to.
 */
export function StartMailingModal({ mailing, starting, onConfirm, onCancel }: StartMailingModalProps) {
  const recipients = useMailingRecipients(mailing?.id ?? null);
  const count = recipients.data?.recipients;
  return (
    <Modal
      title="Start Mailing"
      open={mailing !== null}
      onCancel={onCancel}
      onOk={() => mailing && onConfirm(mailing)}
      okText="Confirm"
      okButtonProps={{ disabled: count === undefined, loading: starting }}
      destroyOnHidden
    >
      {mailing && (
        <Flex vertical gap={12}>
          {recipients.isError ? (
            <Alert type="error" showIcon message={(recipients.error as Error).message} />
          ) : count === undefined ? (
            <Typography.Text type="secondary">Counting recipients...</Typography.Text>
          ) : (
            <Typography.Text strong>
              {`This message will be sent to ${count} ${count === 1 ? 'player' : 'players'}.`}
            </Typography.Text>
          )}
          <MessagePreview {...mailing} />
        </Flex>
      )}
    </Modal>
  );
}
