import { describe, expect, it } from 'vitest';
import { calls } from '../calls.ts';
import { authCalls } from './auth.ts';
import { commerceCalls } from './commerce.ts';
import { engagementCalls } from './engagement.ts';
import { exportCalls } from './exports.ts';
import { liveCalls } from './live.ts';
import { settingsCalls } from './settings.ts';
import { taskCalls } from './tasks.ts';
import { transactionCalls } from './transactions.ts';
import { userCalls } from './users.ts';

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
      liveCalls,
    ];
    const names = areas.flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(calls)).toEqual(names);
  });
});
