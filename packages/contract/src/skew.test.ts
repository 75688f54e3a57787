import { satisfy } from '@module-federation/runtime';
import { describe, expect, it } from 'vitest';
import {
  sharedRequirements,
  shortPackageName,
  skewMessage,
  unmetRequirements,
} from './shared-requirements.ts';

const console060 = { '@manager/ui': '0.6.0', '@manager/platform': '0.5.0', react: '19.3.1' };
const message = (requires: Record<string, string>, provided: Record<string, string> = console060) =>
  skewMessage('Settings', unmetRequirements(requires, provided, satisfy));

describe('skew check', () => {
  it('nothing is unmet when every range holds', () => {
    expect(
      unmetRequirements({ '@manager/ui': '>=0.6.0 <1.0.0', react: '>=19.0.0 <20.0.0' }, console060, satisfy),
    ).toEqual([]);
  });

  it('a lower bound above what the console has: a newer console is needed', () => {
    expect(message({ '@manager/ui': '>=0.7.0 <1.0.0' })).toBe(
      'Settings needs a newer console (ui >= 0.7.0, this console has 0.6.0)',
    );
  });

  it('several unmet packages are joined with ", " and named short', () => {
    expect(
      message(
        {
          '@manager/ui': '>=0.7.0 <1.0.0',
          '@manager/platform': '>=0.6.0 <1.0.0',
          react: '>=19.0.0 <20.0.0',
          dayjs: '>=2.0.0 <3.0.0',
        },
        { ...console060, dayjs: '1.11.0' },
      ),
    ).toBe(
      'Settings needs a newer console (ui >= 0.7.0, this console has 0.6.0, platform >= 0.6.0, this console has 0.5.0, dayjs >= 2.0.0, this console has 1.11.0)',
    );
  });

  it('only the upper bound fails: an older console is needed', () => {
    expect(message({ '@manager/ui': '>=0.6.0 <1.0.0' }, { '@manager/ui': '1.2.0' })).toBe(
      'Settings needs an older console (ui < 1.0.0, this console has 1.2.0)',
    );
  });

  it('a package the console does not provide at all', () => {
    expect(message({ '@manager/charts': '>=1.0.0 <2.0.0' })).toBe(
      'Settings needs a newer console (@manager/charts >= 1.0.0, this console has none)',
    );
  });

  it('short names: ui and platform; others as they are', () => {
    expect([
      shortPackageName('@manager/ui'),
      shortPackageName('@manager/platform'),
      shortPackageName('react'),
      shortPackageName('@manager/contract'),
    ]).toEqual(['ui', 'platform', 'react', '@manager/contract']);
  });

  it("an override's build.json shared versions become >=v <major+1", () => {
    expect(
      sharedRequirements({ '@manager/ui': '0.6.0', react: '19.3.1', a: 'workspace:*', b: '1.2' }),
    ).toEqual({
      '@manager/ui': '>=0.6.0 <1.0.0',
      react: '>=19.3.1 <20.0.0',
    });
  });
});
