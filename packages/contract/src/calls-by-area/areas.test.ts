import { describe, expect, it } from 'vitest';
import { calls } from '../calls';
import { authCalls } from './auth';
import { commerceCalls } from './commerce';
import { engagementCalls } from './engagement';
import { exportCalls } from './exports';
import { settingsCalls } from './settings';
import { taskCalls } from './tasks';
import { transactionCalls } from './transactions';
import { userCalls } from './users';

describe('the calls table, written per area', () => {
  it('holds every call of every area once: no name of one area hides another', () => {
    const areas = [
      authCalls,
      userCalls,
      taskCalls,
      commerceCalls,
      transactionCalls,
      engagementCalls,
      settingsCalls,
      exportCalls,
    ];
    const names = areas.flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(calls)).toEqual(names);
  });
});
