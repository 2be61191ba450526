import { isProbedKind, type CheckKind, type Schedule } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import type { SqlClient } from './check-sql.js';
import { scheduleOf } from './check-state-mapper.js';
import { probeSecretsSql, probeSettingsSql } from './probe-columns.js';
import { joinConfig, probeKind, type BaseProbeConfig, type ProbeKindDefinition } from '@upmon/probes';

/**
 * A check as the prober needs it. `config` is null unless it is an unpaused probed check whose
 * config could be read; `unreadable` says why one could not (then `config` is null too).
 */
export interface ProbeTarget {
  id: string;
  kind: CheckKind;
  status: string;
  schedule: Schedule;
  definition: ProbeKindDefinition | null;
  config: BaseProbeConfig | null;
  /** `config` as stored JSON (settings joined with the decrypted credentials): a remote probe's job carries it. */
  configJson: unknown;
  unreadable: string | null;
  /** The certificate last kept for the check (its fingerprint and when it was seen). */
  knownCertificate: { fingerprint256: string; observedAt: Date } | null;
}

interface ProbeTargetRow {
  id: string;
  kind: CheckKind;
  status: string;
  /** The kind's `<kind>_config` and `<kind>_secrets` (probe-columns.ts). */
  settings: unknown;
  secrets: Buffer | null;
  schedule_kind: 'period' | 'cron' | 'oncalendar';
  period_sec: number | null;
  cron: string | null;
  oncalendar: string | null;
  tz: string;
  cert_fingerprint: string | null;
  cert_observed_at: Date | null;
}

/** The check's whole config as stored JSON: its kind's plain settings joined with the decrypted credentials. */
function probeConfigJsonOf(row: ProbeTargetRow, definition: ProbeKindDefinition, cipher: Cipher): unknown {
  const secrets = row.secrets ? cipher.decryptJson(row.secrets, AAD.checkProbeSecrets(definition.kind, row.id)) : null;
  return joinConfig(row.settings, secrets);
}

/**
 * Reads the checks of a job's probes, by id, in one query (a deleted check is simply absent).
 * The only place the prober reads probe configs: settings and decrypted credentials become the
 * kind's config here. SQL on a pg pool rather than Prisma: this runs for every job.
 */
export async function readProbeTargets(pool: SqlClient, cipher: Cipher, ids: readonly string[]): Promise<Map<string, ProbeTarget>> {
  const { rows } = await pool.query<ProbeTargetRow>(
    `SELECT c.id, c.kind, c.status, ${probeSettingsSql('c')} AS settings, ${probeSecretsSql('c')} AS secrets,
            c.schedule_kind, c.period_sec, c.cron, c.oncalendar, c.tz, cert.fingerprint256 AS cert_fingerprint, cert.observed_at AS cert_observed_at
       FROM checks c LEFT JOIN check_certificates cert ON cert.check_id = c.id
      WHERE c.id = ANY($1::uuid[])`,
    [ids],
  );
  const targets = new Map<string, ProbeTarget>();
  for (const r of rows) {
    let config: BaseProbeConfig | null = null;
    let configJson: unknown = null;
    let unreadable: string | null = null;
    const definition = isProbedKind(r.kind) ? probeKind(r.kind) : null;
    if (definition && r.status !== 'paused') {
      // One check whose credentials cannot be decrypted (ENCRYPTION_KEY changed) must not stop
      // the other probes of its job: it is skipped, and times out like any unprobed check.
      try {
        configJson = probeConfigJsonOf(r, definition, cipher);
        config = definition.fromJson(configJson);
      } catch (err) {
        unreadable = (err as Error).message;
      }
    }
    targets.set(r.id, {
      id: r.id,
      kind: r.kind,
      status: r.status,
      schedule: scheduleOf({ scheduleKind: r.schedule_kind, periodSec: r.period_sec, cron: r.cron, oncalendar: r.oncalendar, tz: r.tz }),
      definition,
      config,
      configJson,
      unreadable,
      knownCertificate: r.cert_fingerprint && r.cert_observed_at ? { fingerprint256: r.cert_fingerprint, observedAt: r.cert_observed_at } : null,
    });
  }
  return targets;
}
