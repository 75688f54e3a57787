import { describe, expect, it } from 'vitest';
import { checkHostShareMap, hostShareMap } from './host-share-map.ts';

// Entries as the plugin writes them (lib/index.js, the share map's template), minified and not.
const entry = (name: string, offered: boolean, minified = true) =>
  minified
    ? `"${name}":{name:\`${name}\`,version:\`1.0.0\`,scope:[\`default\`],loaded:!1,materialize:${offered ? '!0' : '!1'},eager:!1,from:\`shell\`}`
    : `"${name}": {\n  name: "${name}",\n  version: "1.0.0",\n  scope: ["default"],\n  loaded: false,\n  materialize: ${offered},\n  eager: false,`;
const bundle = (code: string) => ({
  'assets/federation-runtime.js': { type: 'chunk', code },
  'assets/index.css': { type: 'asset' },
});

describe('checkHostShareMap', () => {
  it('passes when every shared library is offered at start', () => {
    const code = `var X={${entry('react', true)},${entry('@manager/platform', true)}}`;
    expect(hostShareMap(bundle(code))).toEqual(
      new Map([
        ['react', true],
        ['@manager/platform', true],
      ]),
    );
    expect(() => checkHostShareMap(bundle(code))).not.toThrow();
  });

  it('fails naming each library the map would skip at start', () => {
    const code = `var X={${entry('react', true)},${entry('@manager/platform', false)},${entry('dayjs', false, false)}}`;
    expect(() => checkHostShareMap(bundle(code))).toThrow(
      /does not offer @manager\/platform, dayjs at start/,
    );
  });

  it('fails when the share map is not found', () => {
    expect(() => checkHostShareMap(bundle('export const x = 1;'))).toThrow(/share map was not found/);
  });
});
