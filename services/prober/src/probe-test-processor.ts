import type { Cipher } from '@upmon/crypto';
import { AAD } from '@upmon/crypto';
import type { Logger } from '@upmon/logger';
import { probeKind, type ProbeContext } from '@upmon/probes';
import { PROBE_TEST_RESULT_TTL_MS, probeTestResultKey, type Processor } from '@upmon/queue';
import type { Redis } from 'ioredis';

export interface ProbeTestProcessorDeps {
  redis: Redis;
  prefix: string;
  cipher: Cipher;
  probes: ProbeContext;
  logger: Logger;
}

/**
 * The `probe-tests` worker: one probe with a form's settings ("test now"), through the same
 * registry, outbound guard and judgement as scheduled probes, recorded nowhere. The config is
 * validated again here (the job is the api's, but a prober trusts no payload), and the result is
 * left sealed in Redis for the api that waits for it.
 */
export function createProbeTestProcessor(deps: ProbeTestProcessorDeps): Processor<'probe-tests'> {
  return async (payload) => {
    const definition = probeKind(payload.kind);
    const raw = deps.cipher.decryptJson(Buffer.from(payload.config, 'base64'), AAD.probeTestConfig(payload.requestId));
    const { error, value } = definition.schema.validate(raw);
    const result = error
      ? { error: error.message }
      : await definition.probe(definition.fromJson(value), deps.probes).then((r) => ({
          ok: r.ok,
          warning: r.warning,
          explanation: r.explanation,
          failed_conditions: r.failedConditions,
          phases: r.phases,
          certificate: r.certificate,
          method: r.method,
        }));
    const sealed = deps.cipher.encryptJson(result, AAD.probeTestResult(payload.requestId)).toString('base64');
    await deps.redis.set(probeTestResultKey(deps.prefix, payload.requestId), sealed, 'PX', PROBE_TEST_RESULT_TTL_MS);
    deps.logger.info({ kind: payload.kind, requestId: payload.requestId }, 'test probe run');
  };
}
