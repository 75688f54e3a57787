import { auditActionLabel, auditEntityPath } from '@manager/contract';
import { AuditTable, Button, ErrorState, Flex } from '@manager/ui';
import { Link } from '@manager/platform';
import { useUserHistory } from '../api/get-user-history';

const renderLink = (to: string, text: string) => <Link to={to}>{text}</Link>;

/**
 * The player's History: every audit row about them (balance changes, withdrawal decisions,
 * exports that named them), newest first, with the log's before -> after. Loaded when the tab
 * opens; Load more follows the cursor.
 */
export function HistoryTab({ telegramId }: { telegramId: string }) {
  const history = useUserHistory(telegramId);
  if (history.error)
    return <ErrorState message={history.error.message} onRetry={() => void history.refetch()} />;
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Flex vertical gap={12}>
      <AuditTable
        entries={entries}
        loading={history.isFetching}
        entityPath={auditEntityPath}
        renderLink={renderLink}
        actionLabel={auditActionLabel}
        emptyText="No history for this player"
      />
      {history.hasNextPage && (
        <Flex justify="center">
          <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            Load more
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
