import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, Drawer, Form, Input } from '../antd.ts';
import { loadAntdOnDemand } from '../antd-on-demand.ts';

await loadAntdOnDemand();

function Opener({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Drawer title="Add New Task" open={open} onClose={() => setOpen(false)} rootClassName="mine">
        {children}
      </Drawer>
    </>
  );
}

describe("the console's Drawer", () => {
  it('focuses its first field when it opens, not the close button, and keeps its own root class', async () => {
    render(
      <Opener>
        <Form>
          <Form.Item label="Title" name="title">
            <Input />
          </Form.Item>
        </Form>
      </Opener>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.closest('.ant-drawer')?.classList.contains('mine')).toBe(true);
  });

  it('focuses Cancel when it has no field', async () => {
    render(
      <Opener>
        <Button>Cancel</Button>
      </Opener>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });
});
