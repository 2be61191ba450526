import type { ProbeKindDefinition } from '../probe-kind.js';
import { dnsTargetFacts } from './dns-facts.js';
import { DNS_CONDITION_TYPES, dnsConfigFromJson, type DnsConfig } from './dns-config.js';
import { DNS_FORM_FIELDS } from './dns-form.js';
import { dnsFailureKind, judgeDns } from './dns-judge.js';
import { performDnsProbe } from './dns-probe.js';
import { dnsConfigSchema } from './dns-schema.js';

/** A DNS record: the name resolves, to the expected values (any or all), from a chosen resolver. */
export const dnsKind: ProbeKindDefinition<DnsConfig> = {
  kind: 'dns',
  configField: 'dns_config',
  words: { title: 'DNS', tab: 'DNS record', summary: 'DNS record (probed by upmon)' },
  schema: dnsConfigSchema,
  secretFields: [],
  formFields: DNS_FORM_FIELDS,
  conditionTypes: DNS_CONDITION_TYPES,
  fromJson: dnsConfigFromJson,
  targetFacts: dnsTargetFacts,
  sampleConfig: { name: 'example.com', record_type: 'A' },
  async probe(config, ctx) {
    const { observation, phases } = await performDnsProbe(config, ctx);
    const at = ctx.now();
    return {
      ...judgeDns(config, observation, phases.totalMs, at),
      phases,
      certificate: null,
      failure: observation.kind === 'error' ? dnsFailureKind(observation.code) : null,
      method: 'DNS',
      at,
    };
  },
};

export { type DnsConfig, dnsConfigFromJson, RECORD_TYPES, type RecordType } from './dns-config.js';
