// Run by the shell's `pnpm test` (shell/vitest.config.ts, project `build-config`).
import { describe, expect, it } from 'vitest';
import { consoleDarkPageTheme } from '../../ui/src/dark-theme';
import { extractAntdCss } from './antd-static-css';

const shellRoot = new URL('../../../shell/', import.meta.url).pathname;

/** The sheet's rules that draw something: those that only set CSS variables left out. */
const drawingRules = (css: string) => css.replace(/[^{}]*\{(\s*--[^;{}]*;?)*\s*\}/g, '').split('}');

describe("antd's build-time sheet", () => {
  it('draws the dark theme with the same rules as the light one: only the variables antd writes at run time differ', async () => {
    const light = await extractAntdCss(shellRoot);
    const dark = await extractAntdCss(shellRoot, consoleDarkPageTheme);
    expect(dark).not.toBe(light); // the dark theme did apply: its variables differ
    const [lightRules, darkRules] = [drawingRules(light), drawingRules(dark)];
    const differs = lightRules.findIndex((rule, i) => rule !== darkRules[i]);
    expect(differs === -1 ? null : { light: lightRules[differs], dark: darkRules[differs] }).toBeNull();
    expect(darkRules).toHaveLength(lightRules.length);
  }, 120_000);
});
