// Secrets in URL paths never reach the logs (docs/operations.md, "Logs"): a 500 on a route whose
// path carries a token logs the path with the token replaced (redactPath in @upmon/logger), from
// the API's error middleware and the web app's. Real failures, no mocks: the table the handler
// reads is renamed away for the request.
import { startHarness, type Harness } from './support/api-harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const TOKEN = 'Sx9_secretTOKENvalue-0123456789a'; // 32 characters, as feed tokens are

async function withTableGone<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await h.prisma.$executeRawUnsafe(`ALTER TABLE ${table} RENAME TO ${table}_gone`);
  try {
    return await fn();
  } finally {
    await h.prisma.$executeRawUnsafe(`ALTER TABLE ${table}_gone RENAME TO ${table}`);
  }
}

const loggedError = (errorId: string | undefined) =>
  h.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error' && (!errorId || l.errorId === errorId));

test('a 500 on an on-call feed (the API error middleware) logs /ical/oncall/[redacted].ics and no token', async () => {
  const res = await withTableGone('oncall_schedules', () => fetch(`${h.api.url}/ical/oncall/${TOKEN}.ics`));
  expect(res.status).toBe(500);
  const { error_id: errorId } = (await res.json()) as { error_id: string };
  expect(loggedError(errorId)).toMatchObject({ level: 'error', path: '/ical/oncall/[redacted].ics', method: 'GET' });
  expect(h.logs.join('\n')).not.toContain(TOKEN);
});

test('a 500 on a sign-in link (the web error middleware) logs /auth/link/[redacted] and no token', async () => {
  const before = h.logs.length;
  const res = await withTableGone('user_tokens', () => fetch(`${h.api.url}/auth/link/${TOKEN}`));
  expect(res.status).toBe(500);
  const logged = h.logs
    .slice(before)
    .map((l) => JSON.parse(l))
    .find((l) => l.msg === 'unhandled error');
  expect(logged).toMatchObject({ level: 'error', path: '/auth/link/[redacted]', method: 'GET' });
  expect(h.logs.join('\n')).not.toContain(TOKEN);
});
