import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Pagination } from './pagination.tsx';
import { GiftImage, GIFT_PLACEHOLDER_SRC, giftImageUrl } from './gift-image.tsx';
import { EmptyState, ErrorState } from './states.tsx';
import { PageHeader } from './page-header.tsx';
import { StatCard } from './stat-card.tsx';
import { SimpleTable } from './simple-table.tsx';
import { ConsoleRoot } from './console-root.tsx';

describe('Pagination', () => {
  it('is hidden when everything fits on one page', () => {
    const { container } = render(<Pagination page={1} pageSize={20} total={20} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
  it('shows the range, the window and moves between pages', () => {
    const onChange = vi.fn();
    render(<Pagination page={10} pageSize={20} total={400} onChange={onChange} />);
    expect(screen.getByText('Showing 181 to 200 of 400 results')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 20' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 13' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(onChange.mock.calls).toEqual([[11], [20]]);
  });
  it('scrolls to the top on a page change, not on the current page', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<Pagination page={2} pageSize={20} total={100} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    scrollTo.mockRestore();
  });
  it('disables Next on the last page and clips the last range', () => {
    render(<Pagination page={3} pageSize={20} total={45} onChange={() => {}} />);
    expect(screen.getByText('Showing 41 to 45 of 45 results')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('GiftImage', () => {
  it('builds the host URL from the gift name', () => {
    expect(giftImageUrl('https://nft.example/gift/', 'Plush Pepe #123')).toBe(
      'https://nft.example/gift/plushpepe-123.webp',
    );
    expect(giftImageUrl('https://nft.example/gift', "Durov's Cap")).toBe(
      'https://nft.example/gift/durovscap.webp',
    );
  });
  it('falls back to the local placeholder when the picture fails', () => {
    render(<GiftImage name="Plush Pepe #1" baseUrl="https://nft.example/gift/" />);
    const img = screen.getByRole('img', { name: 'Plush Pepe #1' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://nft.example/gift/plushpepe-1.webp');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(GIFT_PLACEHOLDER_SRC);
    expect(GIFT_PLACEHOLDER_SRC.startsWith('data:image/svg+xml')).toBe(true);
  });
});

describe('states and headers', () => {
  it('EmptyState shows its title and description', () => {
    render(<EmptyState title="No games found" description="Try adjusting your search terms" />);
    expect(screen.getByRole('heading', { name: 'No games found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search terms')).toBeTruthy();
  });
  it('ErrorState offers Retry', () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Failed to fetch dashboard stats" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch dashboard stats');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
  it('PageHeader renders one h1 and StatCard is named by its title', () => {
    render(
      <>
        <PageHeader title="Giveaways" subtitle="Manage and monitor giveaway campaigns" />
        <StatCard title="Total Ton" value="1.5k" />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Giveaways' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Total Ton' }).textContent).toContain('1.5k');
  });
});

describe('SimpleTable', () => {
  const columns = [
    { title: 'Country', key: 'c', render: (r: { c: string; n: number }) => r.c },
    { title: 'Users', key: 'n', render: (r: { c: string; n: number }) => String(r.n) },
  ];
  it('draws a labelled table with column headers and one row per item; one shared style sheet', () => {
    render(
      <>
        <SimpleTable
          label="Top 10 Countries"
          columns={columns}
          rows={[{ c: 'Germany', n: 900 }]}
          emptyText="No data available"
        />
        <SimpleTable label="Other" columns={columns} rows={[]} emptyText="No data available" />
      </>,
    );
    const table = screen.getByRole('table', { name: 'Top 10 Countries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Country', 'Users']);
    expect(within(table).getByRole('row', { name: 'Germany 900' })).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Other' })).getByRole('cell', { name: 'No data available' }),
    ).toBeTruthy();
    expect(document.head.querySelectorAll('style[data-href^="manager-simple-table"]').length).toBe(1);
  });
});

describe('ConsoleRoot', () => {
  it('inserts the icons base style when the console mounts, before any icon does', () => {
    const iconStyle = () => document.head.querySelector('style[rc-util-key="@ant-design-icons"]');
    iconStyle()?.remove();
    render(
      <ConsoleRoot>
        <p>No icon here</p>
      </ConsoleRoot>,
    );
    expect(screen.getByText('No icon here')).toBeTruthy();
    expect(iconStyle()?.textContent).toContain('.anticon');
  });
});
