/**
 * What only the console's host builds take (the shell, the bench's single-app build): antd's
 * styles as one sheet made from `packages/ui`'s theme at build time. Not in the published
 * package, which is what a remote needs (index.ts).
 */
export { antdStaticCss, extractAntdCss } from './antd-static-css.ts';
