import { test, expect } from './support/test';

test.describe('Shell: refresh', { tag: '@shell' }, () => {
  test('a burst of 401s in the browser causes exactly one token refresh', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByText('Total Ton', { exact: true })).toBeVisible();
    let refreshes = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/auth/refresh-token')) refreshes++;
    });
    const result = await page.evaluate(async () => {
      const platform = window.__MANAGER_PLATFORM__!;
      localStorage.setItem('accessToken', 'expired.or.forged');
      const calls = Array.from({ length: 12 }, () => platform.http.get<{ code: number }>('/metrics'));
      const bodies = await Promise.all(calls);
      return {
        codes: bodies.map((b: { code: number }) => b.code),
        token: localStorage.getItem('accessToken'),
      };
    });
    expect(result.codes).toEqual(Array(12).fill(200));
    expect(result.token).not.toBe('expired.or.forged');
    expect(refreshes).toBe(1);
    // The console is still signed in and usable.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
