import { useState, type MouseEvent } from 'react';
import { theme } from '@manager/ui';

/** The page's `<main>`: the skip link's target, focusable from script only. */
export const MAIN_CONTENT_ID = 'main-content';

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * `Skip to content`, the layout's first focusable element: a keyboard user passes the menu and
 * the top bar in one key. Out of sight until it has the focus. It moves the focus to `<main>`
 * itself (not through the address's `#`, which the router and the lists' address state own).
 */
export function SkipLink() {
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={
        focused
          ? {
              position: 'fixed',
              top: 8,
              left: 8,
              zIndex: 1100,
              padding: '8px 16px',
              background: token.colorBgElevated,
              color: token.colorLink,
              borderRadius: token.borderRadius,
              boxShadow: token.boxShadow,
            }
          : hidden
      }
    >
      Skip to content
    </a>
  );
}
