import { dnsKind } from './dns/index.js';
import { httpKind } from './http/index.js';
import type { BaseProbeConfig, ProbeKindDefinition, ProbeKindName } from './probe-kind.js';
import { tcpKind } from './tcp/index.js';
import { tlsKind } from './tls/index.js';

/**
 * Every probe kind, each defined in its own folder. Keyed by core's PROBED_KINDS: a kind named
 * there and not defined here, or defined here and not named there, does not compile. Adding a
 * kind: docs/probe-checks.md, "Adding a probe kind".
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
