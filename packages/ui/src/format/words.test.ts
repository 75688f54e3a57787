import { describe, expect, it } from 'vitest';
import { formatEnum, formatFieldName } from './words.ts';

describe('formatFieldName', () => {
  it('names a field in words, abbreviations in capitals', () => {
    expect(formatFieldName('starsBalance')).toBe('Stars balance');
    expect(formatFieldName('tonBalance')).toBe('TON balance');
    expect(formatFieldName('redChipBalance')).toBe('Red Chip balance');
    expect(formatFieldName('refRedChip')).toBe('Ref Red Chip');
    expect(formatFieldName('telegramChatId')).toBe('Telegram chat ID');
    expect(formatFieldName('bannerOneImageUrl')).toBe('Banner one image URL');
    expect(formatFieldName('technical_mode')).toBe('Technical mode');
    expect(formatFieldName('titleEn')).toBe('Title (English)');
    expect(formatFieldName('value')).toBe('Value');
  });
});

describe('formatEnum', () => {
  it('shows a code as words', () => {
    expect(formatEnum('IN_PROGRESS')).toBe('In progress');
    expect(formatEnum('in_progress')).toBe('In progress');
    expect(formatEnum('stars_purchase')).toBe('Stars purchase');
    expect(formatEnum('waiting')).toBe('Waiting');
    expect(formatEnum('NFT')).toBe('NFT');
    expect(formatEnum('RED_CHIP')).toBe('Red Chip');
    expect(formatEnum('')).toBe('-');
    expect(formatEnum(null)).toBe('-');
  });
});
