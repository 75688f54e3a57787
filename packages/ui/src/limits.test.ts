import { describe, expect, it } from 'vitest';
import * as contract from '@manager/contract';
import * as limits from './limits.ts';

// ui mirrors a few contract constants instead of importing them at run time; keep them equal.
describe('limits mirror the contract', () => {
  it('match', () => {
    expect(limits.ONLINE_WINDOW_MS).toBe(contract.ONLINE_WINDOW_MS);
    expect(limits.PAGINATION_WINDOW).toBe(contract.PAGINATION_WINDOW);
    expect(limits.ABBREVIATION).toEqual(contract.ABBREVIATION);
    expect(limits.IMAGE_UPLOAD_MAX_BYTES).toBe(contract.IMAGE_UPLOAD_MAX_BYTES);
    expect(limits.STEP_UP_MESSAGE).toBe(contract.STEP_UP_MESSAGE);
    expect(limits.BACKUP_CODE_MAX_LENGTH).toBe(contract.BACKUP_CODE_MAX_LENGTH);
    expect(limits.PASSKEY_NAME_MAX).toBe(contract.PASSKEY_NAME_MAX);
    expect(limits.IMAGE_ACCEPT.split(',')).toEqual([...contract.IMAGE_MIME_TYPES]);
  });
});
