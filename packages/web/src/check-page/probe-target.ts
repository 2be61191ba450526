import { isProbeKind, probeKind, type TargetFact, type TargetFactOptions } from '@upmon/probes';

/** A check's stored probe config (credentials decrypted; null for a heartbeat). */
export interface StoredProbeSettings {
  kind: string;
  config: unknown;
}

/** What a probed check probes, in the order a person reads it (its kind's facts); nothing for a heartbeat. Pure. */
export function probeTargetFacts(row: StoredProbeSettings, opts: TargetFactOptions): TargetFact[] {
  if (!isProbeKind(row.kind)) return [];
  const definition = probeKind(row.kind);
  return definition.targetFacts(definition.fromJson(row.config), opts);
}
