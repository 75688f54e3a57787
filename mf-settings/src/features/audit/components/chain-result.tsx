import type { AuditVerifyResponse } from '@manager/contract';
import { Alert, formatTimestamp } from '@manager/ui';

interface ChainResultProps {
  result?: AuditVerifyResponse;
  error?: Error | null;
}

const rows = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/**
 * What "Verify chain" found. A sound chain is said in a polite status region (always in the
 * page, so screen readers announce what appears in it) with the chain's head, which an auditor
 * notes outside the database; a broken one, or a failed check, as an alert, naming the first row
 * that does not hold.
 */
export function ChainResult({ result, error }: ChainResultProps) {
  const broken = result && !result.valid ? result.firstBroken : null;
  return (
    <>
      <div role="status" aria-label="Chain verification">
        {result?.valid && (
          <Alert
            role="presentation"
            type="success"
            showIcon
            style={{ marginBottom: 16, overflowWrap: 'anywhere' }}
            title={`Chain valid: ${rows(result.checked)} checked.`}
            description={`Head: position ${result.head.seq}, hash ${result.head.hash}`}
          />
        )}
      </div>
      {result && !result.valid && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            broken
              ? `Chain broken at row #${broken.id} (${formatTimestamp(broken.at)}): ${broken.problem}`
              : 'Chain broken'
          }
          description={`${rows(result.checked)} checked.`}
        />
      )}
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error.message} />}
    </>
  );
}
