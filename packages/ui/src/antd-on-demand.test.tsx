import { act, render, screen } from '@testing-library/react';
import { createRequire } from 'node:module';
import { Suspense } from 'react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of the module for each test: the setup file has loaded the shared one.
type OnDemand = typeof import('./antd-on-demand.ts');
let od: OnDemand;
beforeEach(async () => {
  vi.resetModules();
  od = await import('./antd-on-demand.ts');
});

// The imperative parts (a confirm, a message, a notification) render into React roots of their
// own, which Testing Library's cleanup does not know. Each test closes what it opened; closing
// starts antd's leave animation, which in happy-dom (no transitionend) either ends at its
// deadline, committing outside any act(), or never ends. The file waits while any of them is
// still in the document, up to five seconds (a fixed second was too short on a loaded CI
// machine), so that no late commit runs after the test environment's window is gone
// ("window is not defined"). One that never ends schedules nothing, so the wait is bounded.
const IMPERATIVE_ROOTS = '.ant-modal-root, .ant-message-notice, .ant-notification-notice';
afterAll(async () => {
  const until = Date.now() + 5_000;
  while (document.querySelector(IMPERATIVE_ROOTS) && Date.now() < until)
    await new Promise<void>((resolve) => setTimeout(resolve, 100));
}, 15_000);

describe('antd on demand', () => {
  it('a component suspends until the chunk is loaded, then renders antd with its props and statics', async () => {
    const { Table, Form, Input, antdOnDemandLoaded } = od;
    function Page() {
      const [form] = Form.useForm<{ name: string }>();
      return (
        <Form form={form} initialValues={{ name: 'Alice' }}>
          <Form.Item label="Name" name="name">
            <Input />
          </Form.Item>
          <Table
            rowKey="id"
            columns={[{ title: 'Title', dataIndex: 'title' }]}
            dataSource={[{ id: 1, title: 'Row one' }]}
            pagination={false}
          />
        </Form>
      );
    }
    const fallbacks: string[] = [];
    function Waiting() {
      fallbacks.push('waiting');
      return <p>waiting</p>;
    }
    expect(antdOnDemandLoaded()).toBe(false);
    // In tests React flushes a suspended render's retry only inside an awaited act().
    await act(async () => {
      render(
        <Suspense fallback={<Waiting />}>
          <Page />
        </Suspense>,
      );
    });
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(await screen.findByText('Row one')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Alice');
    expect(screen.queryByText('waiting')).toBeNull();
    expect(antdOnDemandLoaded()).toBe(true);
  });

  it('a closed Modal renders nothing, without suspending and without loading the chunk', () => {
    const { Modal, antdOnDemandLoaded } = od;
    render(
      <Suspense fallback={<p>waiting</p>}>
        <p>page</p>
        <Modal open={false} title="Edit" />
      </Suspense>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(antdOnDemandLoaded()).toBe(false);
  });

  it('an imperative static called before the load loads the chunk, then calls antd (no throw)', async () => {
    const { Modal, antdOnDemandLoaded } = od;
    let handle: ReturnType<typeof Modal.confirm> | undefined;
    expect(() => {
      handle = Modal.confirm({ title: 'Delete the task?', content: 'It cannot be undone.' });
    }).not.toThrow();
    expect(antdOnDemandLoaded()).toBe(false);
    expect(await screen.findAllByText('Delete the task?')).not.toHaveLength(0);
    expect(antdOnDemandLoaded()).toBe(true);
    // The handle forwards to antd's once it exists.
    handle!.update({ title: 'Delete the task now?' });
    expect(await screen.findAllByText('Delete the task now?')).not.toHaveLength(0);
    handle!.destroy();
  });
});

describe('rarely used antd components, each in a chunk of its own', () => {
  // A fresh copy of the rare wrappers, none of their chunks loaded.
  type Rare = typeof import('./antd-rare.ts');
  let rare: Rare;
  beforeEach(async () => {
    rare = await import('./antd-rare.ts');
  });

  it('a component suspends until its chunk is loaded, then renders antd with its props and parts', async () => {
    const { Timeline } = rare;
    const fallbacks: string[] = [];
    function Waiting() {
      fallbacks.push('waiting');
      return <p>waiting</p>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<Waiting />}>
          <Timeline items={[{ content: 'Released 1.2.0' }, { content: 'Promoted to everyone' }]} />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Promoted to everyone')).toBeTruthy();
    expect(screen.getByText('Released 1.2.0')).toBeTruthy();
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('message.success and notification.open before their chunks load them, then show (no throw)', async () => {
    const { message, notification } = rare;
    let closed: Promise<unknown> | undefined;
    expect(() => {
      closed = Promise.resolve(message.success('Saved', 0.01));
      notification.open({ title: 'Release ready', description: 'settings 1.2.0' });
    }).not.toThrow();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(await screen.findByText('Release ready')).toBeTruthy();
    // A message's result settles when it closes, as antd's does.
    await expect(closed).resolves.toBe(true);
    notification.destroy();
    message.destroy();
  });

  it('a closed Tour renders nothing without waiting for its chunk; a factory makes a component once loaded', async () => {
    const { Tour, DatePicker } = rare;
    render(
      <Suspense fallback={<p>waiting</p>}>
        <p>page</p>
        <Tour open={false} steps={[]} />
      </Suspense>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    // antd's own date library config (what its DatePicker is made with), from antd's dependency.
    const fromAntd = createRequire(createRequire(import.meta.url).resolve('antd'));
    const dayjsConfig = (fromAntd('@rc-component/picker/lib/generate/dayjs') as { default: never }).default;
    const Picker = DatePicker.generatePicker(dayjsConfig);
    expect(typeof Picker.RangePicker).toBe('function');
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <Picker aria-label="Day" />
        </Suspense>,
      );
    });
    expect(await screen.findByLabelText('Day')).toBeTruthy();
  });

  it('a Tour without `open` is open, as rc-tour draws it: it loads its chunk and shows its first step', async () => {
    const { Tour } = rare;
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <Tour steps={[{ title: 'Welcome to releases', description: 'First step' }]} />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Welcome to releases')).toBeTruthy();
  });

  it('a pure static with a synchronous answer needs its chunk: it says so before, answers after', async () => {
    const { Mentions, loadAntd } = rare;
    expect(() => Mentions.getMentions('@alice hi')).toThrow(/await loadAntd\('Mentions'\)/);
    await loadAntd('Mentions');
    expect(Mentions.getMentions('@alice hi')).toEqual([{ prefix: '@', value: 'alice' }]);
  });
});
