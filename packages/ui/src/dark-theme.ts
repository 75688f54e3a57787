import type { ThemeConfig } from 'antd';
// Through ui's own antd entry, as every file of ui: a bare 'antd' import here puts antd's
// `theme` in another chunk of the shell's build, which then fails to start.
import { theme } from './antd.ts';

/**
 * The console's dark theme: antd's dark algorithm with the text colours at WCAG AA (4.5:1)
 * on its backgrounds (#000 page, #141414 cards, #1f1f1f dialogs and menus). On a dark page no
 * single colour both carries white text as a fill and reads as text itself (a blue or red
 * needs luminance under 0.18 for the first, over 0.21 for the second), so, as Material's dark
 * theme does, the fills are light and the text on them is dark (`colorTextLightSolid`): the
 * blue, red and their texts then all pass.
 *
 * Kept apart from theme.ts: the build-time sheet (@manager/vite-config, antd-static-css.ts) imports that file
 * alone, and needs no algorithm. Only CSS variables differ between the two themes (antd's
 * component rules read every colour from them), so the one sheet serves both modes.
 */
export const consoleDarkTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#69b1ff', // mapped to #5c99dc: 6.2:1 on #141414, black text on it 7:1
    colorInfo: '#69b1ff',
    colorLink: '#69b1ff',
    colorError: '#ff7875', // mapped to #dc6966: 5.3:1 on #141414
    colorTextLightSolid: '#000',
    colorTextDescription: 'rgba(255, 255, 255, 0.6)', // 5.9:1 on #1f1f1f
    colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
    // The purple tag's text (the dark palette's 7th shade on its 1st, 3.4:1): the 8th, 5.7:1.
    // antd keeps each shade under two names and its CSS variable follows the hyphenated one.
    purple7: '#ab7ae0',
    'purple-7': '#ab7ae0',
  },
};

/** `consoleDarkTheme` for the console page, as `consolePageTheme` is for the light one. */
export const consoleDarkPageTheme: ThemeConfig = { ...consoleDarkTheme, hashed: false, zeroRuntime: true };
