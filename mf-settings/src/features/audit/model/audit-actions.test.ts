import { AUDIT_ACTIONS } from '@manager/contract';
import { describe, expect, it } from 'vitest';
import { actionOptions } from './audit-actions';

describe('actionOptions', () => {
  it("offers every action the API writes, with the contract's labels", () => {
    const options = actionOptions();
    expect(options.map((o) => o.value)).toEqual([...AUDIT_ACTIONS]);
    expect(options.find((o) => o.value === 'user.balances.update')?.label).toBe('Balances changed');
  });

  it('keeps an action of a shared link that this build does not know', () => {
    expect(actionOptions('audit.something_new').at(-1)).toEqual({
      value: 'audit.something_new',
      label: 'audit.something_new',
    });
    expect(actionOptions('user.balances.update')).toHaveLength(AUDIT_ACTIONS.length);
  });
});
