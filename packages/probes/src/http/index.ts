import type { ProbeKindDefinition } from '../probe-kind.js';
import { httpTargetFacts } from './http-facts.js';
import { HTTP_FORM_FIELDS } from './http-form.js';
import { HTTP_CONDITION_TYPES, httpConfigFromJson, type HttpConfig } from './http-config.js';
import { judgeHttp } from './http-judge.js';
import { performHttpProbe } from './http-probe.js';
import { httpConfigSchema } from './http-schema.js';

/** HTTP(S) endpoints: status codes, keywords, redirects, certificate expiry, conditions. */
export const httpKind: ProbeKindDefinition<HttpConfig> = {
  kind: 'http',
  configField: 'http_config',
  words: { title: 'HTTP', tab: 'HTTP (upmon probes a URL)', summary: 'HTTP check (probed by upmon)' },
  schema: httpConfigSchema,
  secretFields: ['url', 'headers', 'basic_auth'],
  formFields: HTTP_FORM_FIELDS,
  conditionTypes: HTTP_CONDITION_TYPES,
  fromJson: httpConfigFromJson,
  targetFacts: httpTargetFacts,
  sampleConfig: { url: 'https://example.com/health' },
  async probe(config, ctx) {
    const { observation, phases } = await performHttpProbe(config, { client: ctx.http, userAgent: ctx.userAgent });
    const at = ctx.now();
    const outcome = judgeHttp(config, observation, at, phases.totalMs);
    return {
      ...outcome,
      phases,
      certificate: observation.kind === 'response' ? (observation.certificate ?? null) : null,
      failure: observation.kind === 'failure' ? observation.failure : null,
      method: config.method,
      at,
    };
  },
};

export { type HttpConfig, HTTP_CONFIG_DEFAULTS, httpConfigFromJson } from './http-config.js';
export { classifyProbe, judgeHttp } from './http-judge.js';
export { MAX_BODY_BYTES } from './http-probe.js';
export { matchesExpectedCode } from './expected-codes.js';
export { shownUrl } from './http-facts.js';
