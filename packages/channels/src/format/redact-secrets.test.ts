import { permanentError, transientError } from '../transport/delivery-error.js';
import { redactSecrets } from './redact-secrets.js';

describe('redactSecrets', () => {
  it('replaces secrets, their URL-encoded forms and the parts of secret URLs', () => {
    const url = 'https://hooks.example.org/services/T0/B0/sEcReTtOkEn12345678?sig=abc%2Fdef';
    const err = permanentError(`HTTP 403: bad key k3y/s3cret (k3y%2Fs3cret) for /services/T0/B0/sEcReTtOkEn12345678?sig=abc%2Fdef and abc/def`, 403);
    expect(redactSecrets(err, ['k3y/s3cret', url]).message).toBe('HTTP 403: bad key [redacted] ([redacted]) for [redacted] and [redacted]');
  });

  it('replaces echoed Authorization values, and keeps kind, status and wait', () => {
    const err = transientError('HTTP 429: Basic Ym90OnNlY3JldA== and Bearer syt_abc.def and GenieKey 3f1c2b4a-5d6e', 429, 7000);
    const out = redactSecrets(err, []);
    expect(out.message).toBe('HTTP 429: Basic [redacted] and Bearer [redacted] and GenieKey [redacted]');
    expect(out).toMatchObject({ kind: 'transient', statusCode: 429, retryAfterMs: 7000 });
  });

  it('leaves short values and messages without secrets alone', () => {
    const err = permanentError('HTTP 404: not found for /api/v1', 404);
    expect(redactSecrets(err, ['api', 'v1', undefined])).toBe(err);
  });
});
