import type { ThemeConfig } from 'antd';

/**
 * The console's antd theme: the default look, with the colours that carry text darkened to
 * WCAG AA contrast (4.5:1 for normal text, on white and on the #f5f5f5 page background).
 * antd's defaults miss it: white on the primary blue is 4.1:1, secondary text (45 % black)
 * 3.4:1, the danger red 3.3:1, the green/orange/gold tag texts 2.8-3.4:1. The axe-core test
 * (packages/e2e/tests/a11y.spec.ts) fails on any of them. The shell's ConfigProvider applies
 * it to every remote (antd is a shared singleton); each remote's dev harness uses it too.
 */
export const consoleTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9', // blue-7: white text 6.2:1, as text on #f5f5f5 5.7:1
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322', // red-7: 5.6:1 on white
    colorTextDescription: 'rgba(0, 0, 0, 0.6)', // 5.7:1 on white, 5.3:1 on #f5f5f5
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // Text of the preset tag colours (antd uses the 7th shade on the 1st). antd keeps each
    // shade under two names and its CSS variable follows the hyphenated one: set both.
    green7: '#237804', // 5.4:1 on green-1
    'green-7': '#237804',
    orange7: '#ad4e00', // 5.1:1 on orange-1
    'orange-7': '#ad4e00',
    gold7: '#874d00', // 6.5:1 on gold-1
    'gold-7': '#874d00',
  },
};

/**
 * `consoleTheme` for the console page itself (the shell's ConfigProvider; every remote renders
 * under it): antd writes no component rule at run time (`zeroRuntime`; only CSS variables),
 * the page links a style sheet made at build time from `consoleTheme` instead
 * (@manager/vite-config, antd-static-css.ts), and class names
 * carry no hash (`hashed: false`), so that sheet's selectors are plain `.ant-btn`.
 *
 * Why: generating and inserting each component's styles
 * the first time it rendered was about a third of the first page's JavaScript (antd's
 * `useStyleRegister`, stylis, `<style>` inserts in the commit); the blocking time of a cold
 * `/dashboard` is a fraction of what it is with them (docs/decisions/0003-antd-styles-built-at-build-time.md).
 * The token CSS variables (colours above) are still set at run time, so the theme stays one
 * object; a remote's dev harness uses `consoleTheme` with run-time styles (no sheet to link).
 */
export const consolePageTheme: ThemeConfig = { ...consoleTheme, hashed: false, zeroRuntime: true };
