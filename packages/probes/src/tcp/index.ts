import type { ProbeKindDefinition } from '../probe-kind.js';
import { tcpTargetFacts } from './tcp-facts.js';
import { TCP_CONDITION_TYPES, tcpConfigFromJson, type TcpConfig } from './tcp-config.js';
import { TCP_FORM_FIELDS } from './tcp-form.js';
import { judgeTcp } from './tcp-judge.js';
import { performTcpProbe } from './tcp-probe.js';
import { tcpConfigSchema } from './tcp-schema.js';

/** A TCP port: it accepts connections, optionally speaks TLS, answers what is sent with what is expected. */
export const tcpKind: ProbeKindDefinition<TcpConfig> = {
  kind: 'tcp',
  configField: 'tcp_config',
  words: { title: 'TCP', tab: 'TCP port', summary: 'TCP port (probed by upmon)' },
  schema: tcpConfigSchema,
  secretFields: ['send'],
  formFields: TCP_FORM_FIELDS,
  conditionTypes: TCP_CONDITION_TYPES,
  fromJson: tcpConfigFromJson,
  targetFacts: tcpTargetFacts,
  sampleConfig: { host: 'example.com', port: 25 },
  async probe(config, ctx) {
    const { observation, phases } = await performTcpProbe(config, ctx);
    const at = ctx.now();
    return {
      ...judgeTcp(config, observation, phases.totalMs, at),
      phases,
      certificate: observation.certificate,
      failure: observation.kind === 'failure' ? observation.failure : null,
      method: 'TCP',
      at,
    };
  },
};

export { type TcpConfig, tcpConfigFromJson } from './tcp-config.js';
