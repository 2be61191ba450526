import { setTimeout as sleep } from 'node:timers/promises';
import { AAD, randomToken, type Cipher } from '@upmon/crypto';
import { probeKind, type CertificateInfo, type ProbeKindName, type ProbePhases } from '@upmon/probes';
import { probeTestResultKey, type Queues } from '@upmon/queue';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.js';
import { probeTestBudgets, PROBE_TESTS_PER_MINUTE } from '../rate-limits/budgets.js';
import type { RateLimiter } from '../rate-limits/rate-limiter.js';
import { tooManyRequests } from '../rate-limits/spend-budgets.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';

/** What a "test now" probe found (as the prober reports it). */
export interface TestProbeResult {
  ok: boolean;
  warning: boolean;
  explanation: string;
  failed_conditions: string[];
  phases: ProbePhases;
  certificate: CertificateInfo | null;
  method: string;
}

export interface TestProbeDeps {
  queues: Queues;
  /** Reads the result the prober leaves. */
  redis: Redis;
  cipher: Cipher;
  rateLimiter: RateLimiter;
  prefix: string;
}

/** How often the result key is read while waiting. */
const POLL_MS = 100;
/** Beyond the probe's own timeout: the queue, the prober picking the job up, the result's write. */
const WAIT_SLACK_MS = 10_000;

/**
 * Runs one probe of `kind` with `config` (a form's settings, not saved) in the prober ("test now"):
 * validated as the check's config would be (422 with `<kind>_config.…` fields), within the
 * account's budget (PROBE_TESTS_PER_MINUTE), through the prober's outbound guard. The config
 * travels encrypted; the api waits for the sealed result the prober leaves in Redis. 503 when no
 * prober answers in time.
 */
export async function runTestProbe(deps: TestProbeDeps, accountId: string, kind: ProbeKindName, config: unknown): Promise<TestProbeResult> {
  const definition = probeKind(kind);
  const { error, value } = definition.schema.validate(config, BODY_OPTIONS);
  if (error) {
    const errors = fieldErrorsOf(error);
    throw ApiError.validation(
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === 'body' ? definition.configField : `${definition.configField}.${k}`, v])),
    );
  }
  const d = await deps.rateLimiter.hit(probeTestBudgets(deps.prefix, accountId));
  if (!d.allowed)
    throw tooManyRequests(
      `test probe limit exceeded (${PROBE_TESTS_PER_MINUTE} per minute per account, edits that probe a check at once included)`,
      d.retryAfterSec,
    );
  const requestId = randomToken(16);
  const sealed = deps.cipher.encryptJson(value, AAD.probeTestConfig(requestId)).toString('base64');
  await deps.queues.enqueue('probe-tests', { requestId, kind, config: sealed });
  const key = probeTestResultKey(deps.prefix, requestId);
  const deadline = Date.now() + definition.fromJson(value).timeoutSec * 1000 + WAIT_SLACK_MS;
  while (Date.now() < deadline) {
    const found = await deps.redis.get(key);
    if (found) {
      await deps.redis.del(key);
      const result = deps.cipher.decryptJson(Buffer.from(found, 'base64'), AAD.probeTestResult(requestId)) as TestProbeResult | { error: string };
      if ('error' in result) throw ApiError.validation({ [definition.configField]: [result.error] });
      return result;
    }
    await sleep(POLL_MS);
  }
  throw new ApiError('unavailable', 'no prober answered in time: the test probe could not run (is a prober running?)');
}
