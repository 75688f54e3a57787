import { Button, Flex, Popconfirm } from '@manager/ui';
import type { Mailing } from '@manager/contract';
import { useCan } from '@manager/platform';

interface MailingRowActionsProps {
  mailing: Mailing;
  /** This row's Start or Delete is on its way: its buttons wait. */
  busy: boolean;
  onStart: () => void;
  onEdit: () => void;
  onSendTest: () => void;
  onDelete: () => Promise<void>;
  onDetails: () => void;
}

/** A waiting mailing: Start (asks first), Edit, Send test, Delete (after confirmation); every mailing: Details. */
export function MailingRowActions({ mailing: m, busy, ...on }: MailingRowActionsProps) {
  // Writing a mailing and sending it to players are separate rights (mailing.create, mailing.start).
  const canStart = useCan('mailing.start');
  const canWrite = useCan('mailing.create');
  return (
    <Flex gap={6} wrap>
      {m.status === 'waiting' && canStart && (
        <Button
          size="small"
          type="primary"
          disabled={busy}
          onClick={on.onStart}
          aria-label={`Start mailing ${m.id}`}
        >
          Start
        </Button>
      )}
      {m.status === 'waiting' && canWrite && (
        <>
          <Button size="small" disabled={busy} onClick={on.onEdit} aria-label={`Edit mailing ${m.id}`}>
            Edit
          </Button>
          <Button size="small" onClick={on.onSendTest} aria-label={`Send test of mailing ${m.id}`}>
            Send test
          </Button>
          <Popconfirm
            title="Are you sure you want to delete this message?"
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={on.onDelete}
          >
            <Button size="small" danger disabled={busy} aria-label={`Delete mailing ${m.id}`}>
              Delete
            </Button>
          </Popconfirm>
        </>
      )}
      <Button size="small" onClick={on.onDetails} aria-label={`Details of mailing ${m.id}`}>
        Details
      </Button>
    </Flex>
  );
}
