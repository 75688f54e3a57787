import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InventoryGift, StarsGift } from '@manager/contract';
import { GiftSearchPicker } from './gift-search-picker.tsx';
import { StarsGiftGrid } from './stars-gift-grid.tsx';
import { SelectedGifts } from './selected-gifts.tsx';

const gift = (id: number, name: string): InventoryGift => ({
  id,
  name,
  baseName: null,
  price: 2,
  modelThumbUrl: null,
});

describe('GiftSearchPicker', () => {
  it('loads once per settled search, hides selected gifts and picks', async () => {
    const loadGifts = vi.fn(async (search: string) =>
      [gift(1, 'Plush Pepe #1'), gift(2, 'Plush Pepe #2'), gift(3, 'Durov Cap #3')].filter((g) =>
        g.name.toLowerCase().includes(search.toLowerCase()),
      ),
    );
    const onPick = vi.fn();
    render(<GiftSearchPicker loadGifts={loadGifts} onPick={onPick} excludeIds={[2]} />);
    await screen.findByRole('button', { name: 'Add Durov Cap #3' });
    expect(screen.queryByRole('button', { name: 'Add Plush Pepe #2' })).toBeNull();

    const input = screen.getByLabelText('Search gifts');
    fireEvent.change(input, { target: { value: 'p' } });
    fireEvent.change(input, { target: { value: 'pepe' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Plush Pepe #1' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(loadGifts.mock.calls.map((c) => c[0])).toEqual(['', 'pepe']);
  });
  it('says nothing matched, and treats a failing loader as empty', async () => {
    render(<GiftSearchPicker loadGifts={() => Promise.reject(new Error('down'))} onPick={() => {}} />);
    fireEvent.change(screen.getByLabelText('Search gifts'), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText('No gifts found for "zzz"')).toBeTruthy());
  });
});

describe('StarsGiftGrid', () => {
  it('offers unselected gifts and says when none are left', async () => {
    const stars: StarsGift[] = [{ id: 'a', price: 15, emoji: '🧸', thumbnailUrl: null }];
    const onPick = vi.fn();
    const { rerender } = render(<StarsGiftGrid loadGifts={async () => stars} onPick={onPick} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add 🧸 gift for 15 Stars' }));
    expect(onPick).toHaveBeenCalledWith(stars[0]);
    rerender(<StarsGiftGrid loadGifts={async () => stars} onPick={onPick} excludeIds={['a']} />);
    expect(screen.getByText('No Stars gifts available')).toBeTruthy();
  });
});

describe('SelectedGifts', () => {
  it('removes a gift', () => {
    const onRemove = vi.fn();
    render(<SelectedGifts gifts={[{ id: 1, name: 'Plush Pepe #1', price: 3 }]} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Plush Pepe #1' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});
