import { describe, expect, it } from 'vitest';
import { sharedRequirements } from './shared-requirements.ts';

describe('sharedRequirements', () => {
  it('asks for the built-against version or newer within its major', () => {
    expect(
      sharedRequirements({ '@manager/ui': '0.6.0', react: '19.3.1', '@tanstack/react-query': '5.108.2' }),
    ).toEqual({
      '@manager/ui': '>=0.6.0 <1.0.0',
      react: '>=19.3.1 <20.0.0',
      '@tanstack/react-query': '>=5.108.2 <6.0.0',
    });
  });

  it('keeps a pre-release as it is and leaves out what is not semver', () => {
    expect(sharedRequirements({ a: '2.0.0-rc.1', b: 'workspace:*', c: 'latest', d: '1.2' })).toEqual({
      a: '>=2.0.0-rc.1 <3.0.0',
    });
  });

  it('needs nothing from a build that shares nothing', () => {
    expect(sharedRequirements({})).toEqual({});
  });
});
