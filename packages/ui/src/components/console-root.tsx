import type { ReactNode } from 'react';
import { theme } from '../antd';

/**
 * The console's base text style (colour, size, line height, font) for everything under it:
 * what antd's `App` wrapper gives, without the message, notification and modal hooks it also
 * brings (issue 9: the first page's JavaScript; the console's toasts are react-hot-toast).
 */
export function ConsoleRoot({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
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
