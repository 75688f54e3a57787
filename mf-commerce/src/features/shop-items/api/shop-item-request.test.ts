import { ApiError, checkedCall } from '@manager/platform';
import { describe, expect, it } from 'vitest';
import { SHOP_ITEM_FAILURES as SHOP_FAILURES } from './messages';
import { shopItemFormData } from './shop-item-request';

const values = {
  type: 'FRAME' as const,
  titleEn: ' A ',
  titleRu: 'Б',
  descriptionEn: 'd',
  descriptionRu: 'д',
  price: 2.5,
  currency: 'TON' as const,
  bundleItems: [1],
};

describe('shop item requests', () => {
  it('sends bundleItems only for NOOB_PACK and images only when picked', () => {
    const frame = shopItemFormData(values);
    expect(frame.get('titleEn')).toBe('A');
    expect(frame.has('bundleItems')).toBe(false);
    expect(frame.has('photo')).toBe(false);
    const pack = shopItemFormData({
      ...values,
      type: 'NOOB_PACK',
      status: false,
      photo: new File(['x'], 'p.png', { type: 'image/png' }),
    });
    expect(pack.get('bundleItems')).toBe('[1]');
    expect(pack.get('status')).toBe('false');
    expect(pack.get('photo')).toBeInstanceOf(File);
  });

  it('maps failures to the documented texts', async () => {
    const shopCall = (action: keyof typeof SHOP_FAILURES, call: () => Promise<unknown>) =>
      checkedCall(call as () => Promise<{ code?: unknown }>, SHOP_FAILURES[action]);
    await expect(shopCall('add', async () => ({ code: 500, message: 'boom', data: null }))).rejects.toThrow(
      'Failed to add shop item: boom',
    );
    await expect(shopCall('delete', async () => ({ code: 500, data: null }))).rejects.toThrow(
      'Failed to delete shop item: Unknown error',
    );
    await expect(
      shopCall('update', () => Promise.reject(new ApiError('titleEn: required', { status: 400 }))),
    ).rejects.toThrow('Failed to update shop item: titleEn: required');
    await expect(shopCall('status', () => Promise.reject(new ApiError('Network Error')))).rejects.toThrow(
      'Network error occurred while updating shop item status',
    );
    await expect(shopCall('add', () => Promise.reject(new ApiError('Network Error')))).rejects.toThrow(
      'Network error occurred while adding shop item',
    );
  });
});
