import { useInsertStyles } from '@ant-design/icons/es/utils';
import { useRef, type ReactNode, type RefObject } from 'react';
import { theme } from '../antd.ts';

/**
 * The console's base text style (colour, size, line height, font) for everything under it:
 * what antd's `App` wrapper gives, without the message, notification and modal hooks it also
 * brings (less JavaScript on the first page; the console's toasts are react-hot-toast).
 */
export function ConsoleRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  // @ant-design/icons inserts its base style (`.anticon`, prepended to <head>) when the first
  // icon mounts. The desktop dashboard shows none, so that would be a remote page's first
  // visit; a style sheet added before the others makes the browser match every element of the
  // page again (the dashboard's first return cost 1.6-2.6x later ones at CPU 4x; 1.0-1.3x
  // once inserted here).
  // Under `consolePageTheme` (the shell, zeroRuntime) the hook does nothing: `.anticon` is in
  // the build's sheet. It still matters where styles are made at run time (the remotes' dev
  // harnesses, `consoleTheme`).
  // (The element tells it where: the document's head, or the shadow root the console is in.
  // `useInsertStyles` is the icons' own hook, exported from `es/utils` but not documented: the
  // ConsoleRoot test in components.test.tsx fails if an update renames or drops it.)
  const root = useRef<HTMLDivElement>(null);
  useInsertStyles(root as RefObject<HTMLElement>);
  return (
    <div
      ref={root}
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}
