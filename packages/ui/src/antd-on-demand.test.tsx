import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of the module for each test: the setup file has loaded the shared one.
type OnDemand = typeof import('./antd-on-demand');
let od: OnDemand;
beforeEach(async () => {
  vi.resetModules();
  od = await import('./antd-on-demand');
});

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
          <Table rowKey="id" columns={[{ title: 'Title', dataIndex: 'title' }]} dataSource={[{ id: 1, title: 'Row one' }]} pagination={false} />
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

  it("after the load every static of each component is antd's own (identity checks hold)", async () => {
    const heavy = (await od.loadAntdOnDemand()) as unknown as Record<string, Record<string, unknown>>;
    const wrappers = od as unknown as Record<string, Record<string, unknown>>;
    const names = Object.keys(heavy).filter((n) => n !== 'default');
    expect(names.length).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const name of names) {
      for (const key of Object.keys(heavy[name]!)) {
        if (key === '$$typeof' || key === 'render' || key === 'displayName') continue;
        if (wrappers[name]?.[key] !== heavy[name]![key]) missing.push(`${name}.${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrappers.Select!.OptGroup).toBe(heavy.Select!.OptGroup);
  });

  it('an imperative static called before the load says so; after it, it is antd itself', async () => {
    const { Modal, loadAntdOnDemand } = od;
    expect(() => Modal.confirm({ title: 'x' })).toThrow(/before loadAntdOnDemand\(\) finished/);
    const heavy = await loadAntdOnDemand();
    expect(typeof heavy.Modal.confirm).toBe('function');
    expect(await loadAntdOnDemand()).toBe(heavy);
  });
});
