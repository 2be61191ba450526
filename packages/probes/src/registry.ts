import { dnsKind } from './dns/index.js';
import { httpKind } from './http/index.js';
import type { BaseProbeConfig, ProbeKindDefinition, ProbeKindName } from './probe-kind.js';
import { tcpKind } from './tcp/index.js';
import { tlsKind } from './tls/index.js';

/**
 * Every probe kind, each defined in its own folder. Adding a kind: a folder with its config,
 * schema, form fields, probe, judgement and tests, and a line here (docs/probe-checks.md).
 */
export const PROBE_KINDS: Readonly<Record<ProbeKindName, ProbeKindDefinition>> = {
  http: httpKind as unknown as ProbeKindDefinition,
  tcp: tcpKind as unknown as ProbeKindDefinition,
  dns: dnsKind as unknown as ProbeKindDefinition,
  tls: tlsKind as unknown as ProbeKindDefinition,
};

export function isProbeKind(kind: string): kind is ProbeKindName {
  return Object.prototype.hasOwnProperty.call(PROBE_KINDS, kind);
}

/** The kind's definition; throws for a kind that is not probed (heartbeat). */
export function probeKind(kind: string): ProbeKindDefinition<BaseProbeConfig> {
  if (!isProbeKind(kind)) throw new Error(`not a probe kind: ${kind}`);
  return PROBE_KINDS[kind];
}
