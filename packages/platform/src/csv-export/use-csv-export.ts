import { useCallback, useEffect, useRef, useState } from 'react';
import { CSV_EXPORT_LISTS, csvExportFileName, type CallSpec, type CsvExportPath } from '@manager/contract';
import { useCan } from '../auth/can.tsx';
import { ApiError } from '../http/errors.ts';
import { toast } from '../toasts.tsx';
import { fetchCsv } from './fetch-csv.ts';
import { createRecordCounter } from './record-counter.ts';

export interface CsvExport {
  /** Starts the download (nothing when one runs). */
  start(): void;
  /** Stops it: no file is saved, no error shown. */
  cancel(): void;
  running: boolean;
  /** Data rows received so far (the header row not counted); the file's rows once done. */
  rows: number;
  error: ApiError | null;
  /** Whether the admin may download lists (`exports.run`); the button shows only then. */
  allowed: boolean;
}

/** Saves the text as a file through an object URL and a download link. */
function save(parts: BlobPart[], name: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Kept a while after the click: the browser reads the file from it as the download starts.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * A list's CSV export (`calls.exportUsers`...) for the query the list shows (`list.query`; page
 * and limit are left out): streams the file, counting its rows as they arrive (quotes aware,
 * so a name with a line break is one row), then saves it as `<list>-<yyyy-mm-dd>.csv`. A
 * failure shows the API's message in a toast and stays in `error`; leaving the page cancels.
 */
export function useCsvExport(
  call: CallSpec & { path: CsvExportPath },
  query: Record<string, unknown>,
): CsvExport {
  const allowed = useCan('exports.run');
  const [running, setRunning] = useState(false);
  const [rows, setRows] = useState(0);
  const [error, setError] = useState<ApiError | null>(null);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ path: call.path, query });
  latest.current = { path: call.path, query };

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(() => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    const { path, query: sent } = latest.current;
    setRunning(true);
    setRows(0);
    setError(null);
    void (async () => {
      const parts: BlobPart[] = [];
      const counter = createRecordCounter();
      const decoder = new TextDecoder();
      try {
        const reader = (await fetchCsv(path, sent, abort.signal)).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value as Uint8Array<ArrayBuffer>);
          counter.push(decoder.decode(value, { stream: true }));
          setRows(Math.max(0, counter.ended - 1));
        }
        if (abort.signal.aborted) return;
        counter.push(decoder.decode());
        setRows(Math.max(0, counter.total - 1));
        save(parts, csvExportFileName(CSV_EXPORT_LISTS[path], new Date()));
      } catch (caught) {
        if (!abort.signal.aborted && !isAbort(caught)) {
          const failure =
            caught instanceof ApiError
              ? caught
              : new ApiError(caught instanceof Error ? caught.message : String(caught), { cause: caught });
          setError(failure);
          toast.error(failure.message);
        }
      } finally {
        if (controller.current === abort) controller.current = null;
        setRunning(false);
      }
    })();
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { start, cancel, running, rows, error, allowed };
}
