import type { Clock } from '@upmon/service-kit';
import { totpCodeAt } from '@upmon/user-store';
import { TEST_PASSWORD } from './web-users.js';
import { WebClient } from './web-client.js';

/** The TOTP secret the set-up page shows. */
export const secretOf = (html: string) => /id="totp-secret">([A-Z2-7]+)</.exec(html)?.[1] as string;
/** The recovery codes a page shows once. */
export const recoveryCodesOf = (html: string) => (/id="recovery-codes">([^<]+)</.exec(html)?.[1] as string).split('\n');

/** Signs `email` in at `baseUrl` and sets up TOTP with a code at the clock's time: the client, the secret and the recovery codes. */
export async function enrolTotp(baseUrl: string, email: string, clock: Clock) {
  const c = new WebClient(baseUrl);
  expect((await c.signIn(email, TEST_PASSWORD)).status).toBe(303);
  await c.get('/me/two-factor');
  expect((await c.post('/me/two-factor/setup')).status).toBe(303);
  const secret = secretOf((await c.get('/me/two-factor')).text);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const res = await c.post('/me/two-factor/confirm', { code: totpCodeAt(secret, clock.now()) });
  expect(res.status).toBe(201);
  return { c, secret, codes: recoveryCodesOf(res.text) };
}

/** Password first (from a client with `headers`, e.g. X-Forwarded-For): the client waiting at the second step. */
export async function firstStep(baseUrl: string, email: string, headers: Record<string, string> = {}) {
  const c = new WebClient(baseUrl, headers);
  const res = await c.signIn(email, TEST_PASSWORD, '/projects');
  expect(res.status).toBe(303);
  expect(res.location).toBe('/sign-in/two-factor?next=%2Fprojects');
  expect(c.cookies.has('upmon_session')).toBe(false);
  expect((await c.get(res.location as string)).status).toBe(200);
  return c;
}
