import { describe, expect, it } from 'vitest';
import { dispositionFileName, exportFileName } from './export-audit';

describe('export file name', () => {
  it("takes the answer's name, quoted or not, plain or encoded", () => {
    expect(dispositionFileName('attachment; filename="audit-log-2026-03-05T14-07-09Z.csv"')).toBe(
      'audit-log-2026-03-05T14-07-09Z.csv',
    );
    expect(dispositionFileName('attachment; filename=log.csv')).toBe('log.csv');
    expect(dispositionFileName("attachment; filename*=UTF-8''audit%20log.csv")).toBe('audit log.csv');
    expect(dispositionFileName(undefined)).toBeUndefined();
    expect(dispositionFileName('attachment')).toBeUndefined();
    expect(dispositionFileName('attachment; filename="100%.csv"')).toBe('100%.csv');
  });

  it('names the file by the local time when the answer does not', () => {
    expect(exportFileName(new Date(2026, 2, 5, 14, 7))).toBe('audit-log-2026-03-05-1407.csv');
  });
});
