import { redactPath } from '../src/index.js';

const TOKEN = 'Zk3_aQ9-XyTOKENtoken0123456789ab';

describe('redactPath: every route with a secret in its path', () => {
  test.each([
    ['on-call iCal feed', `/ical/oncall/${TOKEN}.ics`, '/ical/oncall/[redacted].ics'],
    ['on-call feed without .ics', `/ical/oncall/${TOKEN}.txt`, '/ical/oncall/[redacted]'],
    ['badge', `/badge/${'a1'.repeat(16)}/prod.svg`, '/badge/[redacted]/prod.svg'],
    ['badge of all checks', `/badge/${'a1'.repeat(16)}/*.json`, '/badge/[redacted]/*.json'],
    ['subscriber confirmation', `/status/pubkey123/confirm/${TOKEN}`, '/status/pubkey123/confirm/[redacted]'],
    ['subscriber unsubscribe', `/status/pubkey123/unsubscribe/${TOKEN}`, '/status/pubkey123/unsubscribe/[redacted]'],
    ['acknowledgement link', `/ack/${TOKEN}.sig-part`, '/ack/[redacted]'],
    ['sign-in link', `/auth/link/${TOKEN}`, '/auth/link/[redacted]'],
    ['set or reset password link', `/auth/password/${TOKEN}`, '/auth/password/[redacted]'],
    ['invitation', `/invitations/${TOKEN}`, '/invitations/[redacted]'],
    ['invitation, a sub-path', `/invitations/${TOKEN}/accept`, '/invitations/[redacted]/accept'],
    ['sign-up confirmation', `/sign-up/confirm/${TOKEN}`, '/sign-up/confirm/[redacted]'],
    ['e-mail verification', `/email/verify/${TOKEN}`, '/email/verify/[redacted]'],
    [
      'metrics with the key in the path',
      `/projects/0f8fad5b-d9cb-469f-a165-70867728950e/metrics/upm_ro_${TOKEN}`,
      '/projects/0f8fad5b-d9cb-469f-a165-70867728950e/metrics/[redacted]',
    ],
  ])('%s', (_what, path, logged) => {
    expect(redactPath(path)).toBe(logged);
  });

  test.each([
    ['upper case, as Express routes it', `/ICAL/OnCall/${TOKEN}.ICS`, '/ICAL/OnCall/[redacted].ICS'],
    ['percent-encoded literal', `/ical/%6Fncall/${TOKEN}.ics`, '/ical/%6Fncall/[redacted].ics'],
    ['double slashes', `//badge//${'a1'.repeat(16)}/x.svg`, '/badge/[redacted]/x.svg'],
    ['trailing slash', `/auth/link/${TOKEN}/`, '/auth/link/[redacted]'],
    ['malformed percent-encoding in the secret', `/ack/%E0%A4%A${TOKEN}`, '/ack/[redacted]'],
  ])('another spelling of the same route: %s', (_what, path, logged) => {
    expect(redactPath(path)).toBe(logged);
  });

  test('the query string is never logged', () => {
    expect(redactPath(`/sign-in?next=/auth/link/${TOKEN}`)).toBe('/sign-in');
    expect(redactPath(`/ical/oncall/${TOKEN}.ics?x=1`)).toBe('/ical/oncall/[redacted].ics');
  });

  test('paths without a secret are logged as they came', () => {
    for (const path of [
      '/',
      '/projects/p1/checks',
      '/checks/c1/pause',
      '/status/pubkey123',
      '/status/pubkey123/feed.atom',
      '/api/v1/checks',
      '/ical/oncall',
      '/auth/link',
    ])
      expect(redactPath(path)).toBe(path);
  });

  test('a long path is cut to 2,048 characters', () => {
    expect(redactPath(`/x/${'a'.repeat(5000)}`)).toHaveLength(2048);
    expect(redactPath(`/ical/oncall/${'a'.repeat(5000)}`)).toBe('/ical/oncall/[redacted]');
  });
});
