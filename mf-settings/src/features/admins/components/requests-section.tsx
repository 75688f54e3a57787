import type { AdminRequest } from '@manager/contract';
import { useAuthStore, useRowCalls } from '@manager/platform';
import { Button, ErrorState, Flex, Panel, timeAgo, Typography } from '@manager/ui';
import { useDecideRequest } from '../api/change-admins';
import { useAdminRequests } from '../api/get-admins';
import { ADMIN_TEXTS } from '../api/messages';
import { requestText } from '../model/admin-texts';

/**
 * Awaiting approval: the pending requests (grants, enabling, second factor resets), each with
 * Approve and Reject for anyone but its requester ("Requested by you"). The API refuses the
 * requester and an approver lacking a permission the grant gives; its text is the toast.
 */
export function RequestsSection() {
  const requests = useAdminRequests();
  const selfId = useAuthStore((s) => s.admin?.id);
  const decide = useDecideRequest();
  const { busy, run } = useRowCalls<'approve' | 'reject'>();
  const pending = (requests.data ?? []).filter((r) => r.status === 'pending');

  const onDecide = (r: AdminRequest, approve: boolean) =>
    void run(
      async () => {
        await decide.mutateAsync({ id: r.id, approve });
        return approve ? ADMIN_TEXTS.approved : ADMIN_TEXTS.rejected;
      },
      { id: r.id, kind: approve ? 'approve' : 'reject' },
    );

  return (
    <section aria-labelledby="awaiting-approval">
      <Panel
        title={
          <Typography.Title id="awaiting-approval" level={2} style={{ fontSize: 16, margin: 0 }}>
            Awaiting approval
          </Typography.Title>
        }
        loading={requests.isLoading}
      >
        {requests.isError ? (
          <ErrorState message="Failed to load requests" onRetry={() => void requests.refetch()} />
        ) : pending.length === 0 ? (
          <Typography.Text type="secondary">No requests awaiting approval</Typography.Text>
        ) : (
          <ul aria-label="Pending requests" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {pending.map((r) => {
              const text = requestText(r);
              return (
                <li
                  key={r.id}
                  aria-label={text}
                  style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
                >
                  <Flex justify="space-between" align="center" gap={8} wrap>
                    <Flex vertical>
                      <Typography.Text strong>{text}</Typography.Text>
                      <Typography.Text type="secondary">
                        Requested by {r.requestedBy.username}, {timeAgo(r.requestedAt)}
                      </Typography.Text>
                    </Flex>
                    {r.requestedBy.id === selfId ? (
                      <Typography.Text type="secondary">Requested by you</Typography.Text>
                    ) : (
                      <Flex gap={6}>
                        <Button
                          size="small"
                          type="primary"
                          loading={busy[r.id] === 'approve'}
                          disabled={busy[r.id] !== undefined}
                          aria-label={`Approve: ${text}`}
                          onClick={() => onDecide(r, true)}
                        >
                          Approve
                        </Button>
                        <Button
                          size="small"
                          loading={busy[r.id] === 'reject'}
                          disabled={busy[r.id] !== undefined}
                          aria-label={`Reject: ${text}`}
                          onClick={() => onDecide(r, false)}
                        >
                          Reject
                        </Button>
                      </Flex>
                    )}
                  </Flex>
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
    </section>
  );
}
