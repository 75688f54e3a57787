import { beforeEach, describe, expect, it } from 'vitest';
import { configurePlatform, uploadUrl } from '../src';
import { testConfig } from './helpers';

describe('uploadUrl', () => {
  beforeEach(() => configurePlatform({ ...testConfig, uploadsBaseUrl: 'http://api.test/uploads/' }));

  it('is null without a path', () => {
    expect(uploadUrl(null)).toBeNull();
    expect(uploadUrl(undefined)).toBeNull();
    expect(uploadUrl('')).toBeNull();
  });

  it('puts a stored name under the uploads base, tolerating a leading / or uploads/', () => {
    expect(uploadUrl('a1.png')).toBe('http://api.test/uploads/a1.png');
    expect(uploadUrl('/a1.png')).toBe('http://api.test/uploads/a1.png');
    expect(uploadUrl('uploads/a1.png')).toBe('http://api.test/uploads/a1.png');
    expect(uploadUrl('/uploads/a1.png')).toBe('http://api.test/uploads/a1.png');
  });

  it('joins a base without a trailing slash', () => {
    configurePlatform({ ...testConfig, uploadsBaseUrl: '/uploads' });
    expect(uploadUrl('a1.png')).toBe('/uploads/a1.png');
  });

  it('returns absolute http(s), data: and blob: URLs as they are', () => {
    for (const url of [
      'https://cdn.test/a.png',
      'http://cdn.test/a.png',
      'data:image/png;base64,AA',
      'blob:http://x/1',
    ]) {
      expect(uploadUrl(url)).toBe(url);
    }
  });
});
