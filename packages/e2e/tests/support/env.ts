import type { Page } from '@playwright/test';
import { E2E } from '@manager/stack/ports';

export const API = `http://127.0.0.1:${E2E.api}`;
export const API_KEY_HEADERS = { 'x-api-key': process.env.API_KEY ?? 'local-dev-key' };
export const CONTROL = `http://127.0.0.1:${E2E.control}`;
export const ADMIN = { username: 'admin', password: 'admin12345' };
export const ADMIN_2FA = {
  username: 'admin2fa',
  password: 'admin12345',
  secret: process.env.DEMO_2FA_SECRET ?? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  backupCodes: ['AAAA-1111', 'BBBB-2222', 'CCCC-3333', 'DDDD-4444', 'EEEE-5555'],
};

export async function fillLogin(page: Page, identifier: string, password: string) {
  await page.getByLabel('Username or Email').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
