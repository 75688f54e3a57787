import type { AuditEntry } from '@manager/contract';
import { Typography } from '../../antd.ts';

const term = { margin: 0 };
const value = { margin: '0 0 4px', overflowWrap: 'anywhere' as const };

/**
 * What a row records about where the change came from, folded under "Details" (a native
 * disclosure: keyboard and screen readers know it): the console builds the admin ran
 * (`X-Console-Version`) and their browser.
 */
export function AuditDetails({ entry }: { entry: Pick<AuditEntry, 'consoleVersion' | 'userAgent'> }) {
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>Details</summary>
      <dl style={{ margin: '4px 0 0', maxWidth: 360 }}>
        <dt style={term}>
          <Typography.Text type="secondary">Console</Typography.Text>
        </dt>
        <dd style={value}>{entry.consoleVersion ?? 'Not recorded'}</dd>
        <dt style={term}>
          <Typography.Text type="secondary">Browser</Typography.Text>
        </dt>
        <dd style={value}>{entry.userAgent ?? 'Not recorded'}</dd>
      </dl>
    </details>
  );
}
