import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ShopItem } from '@manager/contract';
import { ShopItemPicker } from './shop-item-picker.tsx';

const item = (id: number, titleEn: string): ShopItem => ({
  id,
  titleEn,
  titleRu: titleEn,
  descriptionEn: '',
  descriptionRu: '',
  photo: null,
  photoUrl: null,
  thumb: null,
  thumbUrl: null,
  type: 'FRAME',
  price: 5,
  currency: 'TON',
  status: true,
  sold: 0,
  bundleItems: null,
});

describe('ShopItemPicker', () => {
  it('hides selected items, filters by title and picks', () => {
    const onPick = vi.fn();
    render(
      <ShopItemPicker
        items={[item(1, 'Gold Frame'), item(2, 'Ice Frame'), item(3, 'Neon Background')]}
        excludeIds={[2]}
        onPick={onPick}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Add Ice Frame' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Search shop items'), { target: { value: 'neon' } });
    expect(screen.queryByRole('button', { name: 'Add Gold Frame' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Neon Background' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    fireEvent.change(screen.getByLabelText('Search shop items'), { target: { value: 'zzz' } });
    expect(screen.getByText('No items found for "zzz"')).toBeTruthy();
  });
});
