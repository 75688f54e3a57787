import { Button, Flex, Typography } from '@manager/ui';
import type { Batch } from '../hooks/use-batch';

/** The batch decisions over the ticked rows: one confirmation and one step-up for all of them. */
export function BatchBar({ batch, busy }: { batch: Batch; busy: boolean }) {
  const none = batch.count === 0;
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label="Selected withdrawals">
      <Typography.Text type="secondary">{batch.count} selected</Typography.Text>
      <Button
        size="small"
        disabled={none || busy || batch.busy}
        onClick={() => batch.start('without-transfer')}
      >
        Approve selected without transfer
      </Button>
      <Button size="small" danger disabled={none || busy || batch.busy} onClick={() => batch.start('reject')}>
        Reject selected
      </Button>
      <Button size="small" type="link" disabled={none || batch.busy} onClick={() => batch.select([])}>
        Clear selection
      </Button>
    </Flex>
  );
}
