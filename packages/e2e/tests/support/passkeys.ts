import { expect, type Page } from '@playwright/test';
import { report, scan, summary } from './axe';

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) on `page`: a
 * built-in passkey provider with resident keys and user verification, which answers the
 * browser's prompts at once. It lives as long as the page, across navigations and sign-outs.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    /** The passkeys the authenticator holds. */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** false: the person fails the screen lock, so a prompt that requires it gives no passkey. */
    setUserVerified: (isUserVerified: boolean) =>
      cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }),
  };
}

/** The relying party is the console's host (`localhost`): a passkey made on 127.0.0.1 would not do. */
export function expectRelyingPartyHost(page: Page) {
  expect(
    new URL(page.url()).hostname,
    "the console must be served on localhost, the API's WebAuthn relying party",
  ).toBe('localhost');
}

/**
 * No serious or critical axe-core finding in what the page shows now (or in `include`, e.g. an
 * open dialog), once its transitions ended (a busy button's spinner turns for ever: not waited for).
 */
export async function expectAxeClean(page: Page, state: string, include?: string) {
  const found = await scan(page, state, include);
  if (found.length) console.log(report(found));
  expect(summary(found)).toEqual([]);
}
