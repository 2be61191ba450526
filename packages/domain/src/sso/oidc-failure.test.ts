import { oidcRefusal } from './oidc-failure.js';

/** An error shaped as oauth4webapi throws it: a code, and its details (the claim) as a plain-object cause. */
function oauthError(code: string, message: string, cause?: unknown): Error {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
}

test('a claim comparison failure names the claim, and its plain-object cause is not printed', () => {
  const err = oauthError('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'unexpected JWT claim value encountered', { claim: 'aud', expected: 'upmon', body: {} });
  const refusal = oidcRefusal(new Error('wrapped', { cause: err }), 'acc');
  expect(refusal.reason).toBe('audience');
  expect(refusal.detail).toBe('OAUTH_JWT_CLAIM_COMPARISON_FAILED wrapped / unexpected JWT claim value encountered');
  expect(refusal.detail).not.toContain('[object Object]');
});

test.each([
  ['iss', 'issuer'],
  ['exp', 'expired'],
  ['nonce', 'nonce'],
] as const)('the claim %s is refused as %s', (claim, reason) => {
  expect(oidcRefusal(oauthError('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'unexpected JWT claim value encountered', { claim }), 'acc').reason).toBe(reason);
});

test('an answer nothing recognises is refused as unverifiable, with the detail bounded', () => {
  const refusal = oidcRefusal(new Error('x'.repeat(1000)), 'acc');
  expect(refusal.reason).toBe('invalid_response');
  expect(refusal.detail?.length).toBeLessThanOrEqual(300);
});
