import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, Form, Input, Modal } from '../antd.ts';
import { loadAntdOnDemand } from '../antd-on-demand.ts';

await loadAntdOnDemand();

/** A trigger outside and a dialog opened by it, as the apps write them. */
function Opener({ children, footer }: { children?: React.ReactNode; footer?: null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        title="Edit thing"
        open={open}
        onCancel={() => setOpen(false)}
        {...(footer === null ? { footer } : {})}
      >
        {children}
      </Modal>
    </>
  );
}

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Open' }));
const focused = () => document.activeElement;

describe("the console's Modal", () => {
  it('focuses the first field of the dialog when it opens, not the close button', async () => {
    render(
      <Opener>
        <Form>
          <Form.Item label="Name" name="name">
            <Input />
          </Form.Item>
          <Form.Item label="Note" name="note">
            <Input />
          </Form.Item>
        </Form>
      </Opener>,
    );
    open();
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(focused()).toBe(name));
    expect(focused()).not.toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('focuses Cancel when the dialog has no field', async () => {
    render(<Opener>Nothing to type here.</Opener>);
    open();
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(focused()).toBe(cancel));
  });

  it('leaves the focus on a field the dialog focused itself', async () => {
    render(
      <Opener footer={null}>
        <Input aria-label="First" />
        <Input aria-label="Second" autoFocus />
      </Opener>,
    );
    open();
    const second = await screen.findByLabelText('Second');
    await waitFor(() => expect(focused()).toBe(second));
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(focused()).toBe(second);
  });

  it('starts a confirmation of Modal.useModal on Cancel, not on its action', async () => {
    function Asker() {
      const [modal, holder] = Modal.useModal();
      return (
        <>
          {holder}
          <Button onClick={() => modal.confirm({ title: 'Delete it?', okText: 'Delete' })}>Ask</Button>
        </>
      );
    }
    render(<Asker />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(focused()).toBe(cancel));
  });

  it('starts a confirmation by Modal.confirm on Cancel too', async () => {
    act(() => {
      Modal.confirm({ title: 'Remove it?', okText: 'Remove' });
    });
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(focused()).toBe(cancel));
    Modal.destroyAll();
  });
});
