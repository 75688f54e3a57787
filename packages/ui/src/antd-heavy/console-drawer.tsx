import { Drawer as AntdDrawer, type DrawerProps } from 'antd';
import { createElement, useEffect, useId } from 'react';
import { focusDialog } from './dialog-focus.ts';

/**
 * antd's Drawer as every app of the console gets it (`Drawer` of `@manager/ui`): on opening,
 * the focus goes to its first field or `Cancel` (`dialog-focus.ts`), as in the console's Modal,
 * not to the close button. The drawer is found by a class of its own on its root.
 */
function ConsoleDrawerView(props: DrawerProps) {
  const { open, rootClassName, afterOpenChange } = props;
  const marker = `console-drawer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const focus = () => focusDialog(document.querySelector<HTMLElement>(`.${marker} .ant-drawer-section`));
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return createElement(AntdDrawer, {
    ...props,
    rootClassName: rootClassName ? `${rootClassName} ${marker}` : marker,
    afterOpenChange: (opened: boolean) => {
      if (opened) focus();
      afterOpenChange?.(opened);
    },
  });
}

export const Drawer: typeof AntdDrawer = Object.assign(ConsoleDrawerView, AntdDrawer, {
  displayName: 'Drawer',
}) as unknown as typeof AntdDrawer;
