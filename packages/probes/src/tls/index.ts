import type { ProbeKindDefinition } from '../probe-kind.js';
import { tlsTargetFacts } from './tls-facts.js';
import { TLS_CONDITION_TYPES, tlsConfigFromJson, type TlsConfig } from './tls-config.js';
import { TLS_FORM_FIELDS } from './tls-form.js';
import { judgeTls } from './tls-judge.js';
import { performTlsProbe } from './tls-probe.js';
import { tlsConfigSchema } from './tls-schema.js';

/** A TLS endpoint's certificate: chain, name, expiry; reports issuer, subject, SANs and expiry. */
export const tlsKind: ProbeKindDefinition<TlsConfig> = {
  kind: 'tls',
  configField: 'tls_config',
  words: { title: 'TLS certificate', tab: 'TLS certificate', summary: 'TLS certificate (probed by upmon)' },
  schema: tlsConfigSchema,
  secretFields: [],
  formFields: TLS_FORM_FIELDS,
  conditionTypes: TLS_CONDITION_TYPES,
  fromJson: tlsConfigFromJson,
  targetFacts: tlsTargetFacts,
  sampleConfig: { host: 'example.com' },
  async probe(config, ctx) {
    const { observation, phases } = await performTlsProbe(config, ctx);
    const at = ctx.now();
    return {
      ...judgeTls(config, observation, phases.totalMs, at),
      phases,
      certificate: observation.certificate,
      failure: observation.kind === 'failure' ? observation.failure : null,
      method: 'TLS',
      at,
    };
  },
};

export { type TlsConfig, tlsConfigFromJson } from './tls-config.js';
