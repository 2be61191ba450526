export { PROBE_KINDS, isProbeKind, probeKind } from './registry.js';
export {
  PROBE_KIND_NAMES,
  type ProbeKindName,
  type ProbeKindDefinition,
  type BaseProbeConfig,
  type ProbeContext,
  type ProbeReport,
  type FormField,
  type TargetFact,
  type TargetFactOptions,
} from './probe-kind.js';
export { createProbeContext, type ProbeContextOptions } from './probe-context.js';
export { splitConfig, joinConfig, type SplitConfig } from './config-secrets.js';
export type { ProbePhases } from './common/phases.js';
export type { CertificateInfo } from './common/certificate.js';
export type { RequestFailureKind } from './common/request-failure.js';
export {
  CONDITION_TYPES,
  OPERATORS,
  OPERATORS_OF,
  MAX_CONDITIONS,
  OPERATOR_WORDS,
  describeCondition,
  type Condition,
  type ConditionType,
  type Operator,
} from './conditions/condition.js';
export { evaluateConditions, type ConditionFacts, type ConditionFailure } from './conditions/evaluate-conditions.js';
export { parsePath, resolvePath, PathError } from './conditions/json-path.js';
export {
  type HttpConfig,
  HTTP_CONFIG_DEFAULTS,
  httpConfigFromJson,
  classifyProbe,
  judgeHttp,
  MAX_BODY_BYTES,
  matchesExpectedCode,
  shownUrl,
} from './http/index.js';
export { type TcpConfig, tcpConfigFromJson } from './tcp/index.js';
export { type DnsConfig, dnsConfigFromJson, RECORD_TYPES, type RecordType } from './dns/index.js';
export { type TlsConfig, tlsConfigFromJson } from './tls/index.js';
export {
  configFromForm,
  formFromConfig,
  formFieldNames,
  conditionsFromForm,
  conditionRowsOf,
  FORM_CONDITION_ROWS,
  type ProbeFormValues,
} from './form-codec.js';
