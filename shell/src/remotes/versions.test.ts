import { describe, expect, it } from 'vitest';
import { updateFor, type ConsoleVersions, type RemoteBuild } from './versions';
import { bareBuild } from '../test/builds';

const build = (entry: string): RemoteBuild => bareBuild(entry);

describe('updateFor', () => {
  it('is the live build when this tab runs another one; null when the same, not loaded or not known', () => {
    const v1 = build('http://x/1/mf-manifest.json');
    const v2 = build('http://x/2/mf-manifest.json');
    const versions: ConsoleVersions = {
      loaded: { settings: v1, users: v1 },
      live: { settings: v2, users: { ...v1 }, commerce: v2 },
    };
    expect(updateFor('settings', versions)).toBe(v2);
    expect(updateFor('users', versions)).toBeNull();
    expect(updateFor('commerce', versions)).toBeNull();
    expect(updateFor('engagement', versions)).toBeNull();
  });
});
