import { Modal as AntdModal, type ModalFuncProps, type ModalProps } from 'antd';
import { createElement, useEffect, useMemo, useRef } from 'react';
import { focusDialog } from './dialog-focus.ts';

/**
 * antd's Modal as every app of the console gets it (`Modal` of `@manager/ui`): on opening, the
 * focus goes to the first field or to `Cancel` (`dialog-focus.ts`), and a confirmation
 * (`Modal.confirm`, `Modal.useModal()`'s `confirm`) starts on `Cancel`, not on the action it
 * asks about. Every other static is antd's own. Built into the on-demand chunk with antd's Modal.
 */
function ConsoleModalView(props: ModalProps) {
  const { open, panelRef, afterOpenChange } = props;
  const panel = useRef<HTMLDivElement | null>(null);
  // As soon as the dialog is drawn (antd moves the focus to its box only after the opening motion).
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => focusDialog(panel.current));
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return createElement(AntdModal, {
    ...props,
    panelRef: (node: HTMLDivElement | null) => {
      panel.current = node;
      if (typeof panelRef === 'function') panelRef(node);
      else if (panelRef) (panelRef as { current: HTMLDivElement | null }).current = node;
    },
    afterOpenChange: (opened: boolean) => {
      if (opened) focusDialog(panel.current);
      afterOpenChange?.(opened);
    },
  });
}

/** A confirmation starts on Cancel unless it says otherwise. */
export function cancelFirst(props: ModalFuncProps): ModalFuncProps {
  if (props.autoFocusButton !== undefined || props.focusable?.autoFocusButton !== undefined) return props;
  return { ...props, focusable: { ...props.focusable, autoFocusButton: 'cancel' } };
}

function useConsoleModal(): ReturnType<typeof AntdModal.useModal> {
  const [api, holder] = AntdModal.useModal();
  const wrapped = useMemo(
    () => ({ ...api, confirm: (p: ModalFuncProps) => api.confirm(cancelFirst(p)) }),
    [api],
  );
  return [wrapped, holder] as const;
}

export const Modal: typeof AntdModal = Object.assign(ConsoleModalView, AntdModal, {
  confirm: (props: ModalFuncProps) => AntdModal.confirm(cancelFirst(props)),
  useModal: useConsoleModal,
  displayName: 'Modal',
}) as unknown as typeof AntdModal;
