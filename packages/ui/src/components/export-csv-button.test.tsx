import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ExportCsvButton, exportProgressText, type CsvExporter } from './export-csv-button.tsx';

const exporter = (over: Partial<CsvExporter> = {}): CsvExporter => ({
  start: vi.fn(),
  cancel: vi.fn(),
  running: false,
  rows: 0,
  ...over,
});

describe('ExportCsvButton', () => {
  it('offers "Export CSV", which starts the export', async () => {
    const idle = exporter();
    render(<ExportCsvButton export={idle} expectedRows={40_000} />);
    fireEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    expect(idle.start).toHaveBeenCalledOnce();
  });

  it('while running, announces "Exporting n of m rows" and offers Cancel; the focus follows the swap both ways', async () => {
    const view = render(<ExportCsvButton export={exporter()} expectedRows={40_000} />);
    (await screen.findByRole('button', { name: /Export CSV/ })).focus();
    const running = exporter({ running: true, rows: 1234 });
    view.rerender(<ExportCsvButton export={running} expectedRows={40_000} />);
    expect(screen.getByRole('status').textContent).toBe('Exporting 1,234 of 40,000 rows');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();
    fireEvent.click(cancel);
    expect(running.cancel).toHaveBeenCalledOnce();
    view.rerender(<ExportCsvButton export={exporter({ rows: 1234 })} expectedRows={40_000} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Export CSV/ }));
  });

  it('counts alone when the list total is unknown', () => {
    expect(exportProgressText(1_000_000)).toBe('Exporting 1,000,000 rows');
    expect(exportProgressText(0, 12)).toBe('Exporting 0 of 12 rows');
  });
});
