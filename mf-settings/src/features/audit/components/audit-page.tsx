import { auditActionLabel, auditEntityPath } from '@manager/contract';
import { AuditTable, Button, ErrorState, ListEmptyState, PageHeader } from '@manager/ui';
import { Link } from '@manager/platform';
import { useAuditAdmins } from '../api/get-audit-admins';
import { useAuditLog } from '../api/get-audit-log';
import { useExportAudit } from '../api/export-audit';
import { useVerifyChain } from '../api/verify-chain';
import { useAuditView } from '../hooks/use-audit-view';
import { filterParams, isFiltered, pageNumber, pageParams, rangeIsValid } from '../model/url-state';
import { AuditFiltersPanel } from './audit-filters';
import { AuditPager } from './audit-pager';
import { ChainResult } from './chain-result';

const renderLink = (to: string, text: string) => <Link to={to}>{text}</Link>;

/** `/audit`: the trail, filtered and paged from the address; Verify chain; Export CSV. */
export default function AuditPage() {
  const { view, setFilters, clearFilters, next, previous } = useAuditView();
  const valid = rangeIsValid(view);
  const log = useAuditLog(pageParams(view), valid);
  const admins = useAuditAdmins();
  const verify = useVerifyChain();
  const exporting = useExportAudit();

  const filtered = isFiltered(view);

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle="Every change made in the console, newest first"
        extra={
          <Button loading={verify.isPending} onClick={() => verify.mutate()}>
            Verify chain
          </Button>
        }
      />
      <ChainResult result={verify.data} error={verify.error} />
      <AuditFiltersPanel
        filters={view}
        admins={admins.data ?? []}
        onChange={setFilters}
        onClear={clearFilters}
        actions={
          <Button
            loading={exporting.isPending}
            disabled={!valid}
            onClick={() => exporting.mutate(filterParams(view))}
          >
            Export CSV
          </Button>
        }
      />
      {log.error ? (
        <ErrorState message={log.error.message} onRetry={() => void log.refetch()} />
      ) : (
        valid && (
          <>
            <AuditTable
              entries={log.data?.entries ?? []}
              loading={log.isFetching && (log.isPlaceholderData || !log.data)}
              entityPath={auditEntityPath}
              renderLink={renderLink}
              actionLabel={auditActionLabel}
              empty={
                <ListEmptyState title="No audit entries found" filtered={filtered} onClear={clearFilters} />
              }
              details
            />
            <AuditPager
              page={pageNumber(view)}
              nextCursor={log.isPlaceholderData ? null : (log.data?.nextCursor ?? null)}
              onPrevious={previous}
              onNext={next}
            />
          </>
        )
      )}
    </>
  );
}
