import type { AdminSession } from '@manager/contract';
import { toast } from '@manager/platform';
import {
  Button,
  Card,
  ErrorState,
  Flex,
  formatDateTime,
  LoadingState,
  Tag,
  timeAgo,
  Typography,
} from '@manager/ui';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { othersEnded, SESSIONS_MESSAGES } from '../api/messages';

const messageOf = (error: unknown) => (error instanceof Error && error.message) || 'Unknown error';

/** One session: what signed in, from where and when; "Sign out" unless it is this browser. */
function SessionItem({
  session,
  onEnd,
  ending,
  disabled,
}: {
  session: AdminSession;
  onEnd: () => void;
  ending: boolean;
  disabled: boolean;
}) {
  const nameId = `session-${session.id}`;
  return (
    <li style={{ padding: '12px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong id={nameId}>
              {session.browser} on {session.system}
            </Typography.Text>
            {session.current && <Tag color="blue">This device</Tag>}
          </Flex>
          <Typography.Text type="secondary">IP {session.ip ?? 'unknown'}</Typography.Text>
          <Typography.Text type="secondary">
            Signed in <time dateTime={session.signedInAt}>{formatDateTime(session.signedInAt)}</time>
          </Typography.Text>
          <Typography.Text type="secondary">
            Last active{' '}
            <time dateTime={session.lastActiveAt} title={formatDateTime(session.lastActiveAt)}>
              {timeAgo(session.lastActiveAt)}
            </time>
          </Typography.Text>
        </Flex>
        {!session.current && (
          // The button's name stays "Sign out"; which session it ends is its description.
          <Button aria-describedby={nameId} onClick={onEnd} loading={ending} disabled={disabled && !ending}>
            Sign out
          </Button>
        )}
      </Flex>
    </li>
  );
}

/** The admin's open sessions (this browser and the others), each of the others can be signed out. */
export function SessionsCard() {
  const { data: sessions, error, isPending, refetch } = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const busy = endOne.isPending || endOthers.isPending;
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const signOut = (id: string) =>
    endOne.mutateAsync(id).then(
      () => toast.success(SESSIONS_MESSAGES.ended),
      (e: unknown) => toast.error(messageOf(e)),
    );
  const signOutOthers = () =>
    endOthers.mutateAsync().then(
      (count) => toast.success(othersEnded(count)),
      (e: unknown) => toast.error(messageOf(e)),
    );

  let body;
  if (isPending) body = <LoadingState text="Loading sessions..." />;
  else if (error && !sessions)
    body = <ErrorState message={SESSIONS_MESSAGES.fetchFailed} onRetry={() => void refetch()} />;
  else {
    body = (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Where your account is signed in. Sign out anything you do not recognise.
        </Typography.Text>
        <ul aria-label="Open sessions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {sessions!.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              onEnd={() => void signOut(session.id)}
              ending={endOne.isPending && endOne.variables === session.id}
              disabled={busy}
            />
          ))}
        </ul>
        {others > 0 && (
          <div>
            <Button danger onClick={() => void signOutOthers()} loading={endOthers.isPending} disabled={busy}>
              Sign out other sessions
            </Button>
          </div>
        )}
      </Flex>
    );
  }

  return (
    <Card title="Sessions" role="region" aria-label="Sessions" style={{ marginTop: 24 }}>
      {body}
    </Card>
  );
}
