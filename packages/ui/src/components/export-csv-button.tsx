import { useEffect, useRef } from 'react';
import { Button, Flex, Typography } from '../antd.ts';
import { DownloadOutlined } from '../icons.ts';

/** What the button drives: `useCsvExport` of `@manager/platform` gives exactly this. */
export interface CsvExporter {
  start(): void;
  cancel(): void;
  running: boolean;
  /** Data rows received so far. */
  rows: number;
  /** False for an admin who may not download lists (`exports.run`): no button at all. */
  allowed?: boolean;
}

interface ExportCsvButtonProps {
  export: CsvExporter;
  /** The list's total as the page shows it (the progress's "of"); absent: the count alone. */
  expectedRows?: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "Exporting 1,234 of 40,000 rows": what has arrived, of what the list counts. */
export const exportProgressText = (rows: number, expected?: number): string =>
  expected === undefined
    ? `Exporting ${count(rows)} rows`
    : `Exporting ${count(rows)} of ${count(expected)} rows`;

/**
 * "Export CSV" beside a list's filters. While the file downloads it shows the rows received (a
 * polite live region, so a screen reader hears the progress without losing its place) and a
 * Cancel that stops the download. The focus moves with the swap (to Cancel, then back to Export
 * CSV), so a keyboard user keeps their place.
 */
export function ExportCsvButton({ export: exporter, expectedRows }: ExportCsvButtonProps) {
  const exportButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasRunning = useRef(exporter.running);
  useEffect(() => {
    const active = document.activeElement;
    // The control the keyboard was on went away: the one taking its place takes the focus.
    if (
      exporter.running &&
      !wasRunning.current &&
      (active === null || active === document.body || active === exportButton.current)
    )
      cancelButton.current?.focus();
    if (!exporter.running && wasRunning.current && (active === null || active === document.body))
      exportButton.current?.focus();
    wasRunning.current = exporter.running;
  }, [exporter.running]);
  if (exporter.allowed === false) return null;
  if (!exporter.running) {
    return (
      <Button ref={exportButton} icon={<DownloadOutlined />} onClick={exporter.start}>
        Export CSV
      </Button>
    );
  }
  return (
    <Flex align="center" gap={8} wrap>
      <Typography.Text role="status" aria-live="polite">
        {exportProgressText(exporter.rows, expectedRows)}
      </Typography.Text>
      <Button ref={cancelButton} onClick={exporter.cancel}>
        Cancel
      </Button>
    </Flex>
  );
}
