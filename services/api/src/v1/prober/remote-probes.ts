import { probeSecretsSql, probeSettingsSql, scheduleOf } from '@upmon/check-store';
import { isProbedKind, isProbeSuperseded, type CheckKind, type ProbedKind } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import { isProbeKind, joinConfig } from '@upmon/probes';
import type pg from 'pg';
import type { HandedJob } from '@upmon/queue';

/** One probe as a remote prober receives it: the check's whole config, credentials included (its own account's). */
export interface RemoteProbe {
  check_id: string;
  scheduled_at: string;
  kind: ProbedKind;
  config: Record<string, unknown>;
}

interface RemoteTargetRow {
  id: string;
  kind: CheckKind;
  status: string;
  settings: unknown;
  secrets: Buffer | null;
  schedule_kind: 'period' | 'cron' | 'oncalendar';
  period_sec: number | null;
  cron: string | null;
  oncalendar: string | null;
  tz: string;
}

const SUPERSEDED_SLACK_MS = 60_000;

/**
 * The probes of `jobs` that the location may run: checks of its own account that name the location
 * in `locations`, probed kinds, not paused, and not superseded by a newer slot. The queue is only
 * filled with those, and this read says so again, so the account boundary does not rest on the
 * scheduler alone. One query per poll. A config that cannot be decrypted is skipped (the check
 * times out there, as on a local prober).
 */
export async function remoteProbesOf(
  pool: pg.Pool,
  cipher: Cipher,
  accountId: string,
  code: string,
  jobs: readonly HandedJob[],
  now: Date,
): Promise<RemoteProbe[]> {
  const ids = [...new Set(jobs.flatMap((j) => j.refs.map((r) => r.checkId)))];
  if (ids.length === 0) return [];
  const { rows } = await pool.query<RemoteTargetRow>(
    `SELECT c.id, c.kind, c.status,
            ${probeSettingsSql('c')} AS settings, ${probeSecretsSql('c')} AS secrets,
            c.schedule_kind, c.period_sec, c.cron, c.oncalendar, c.tz
       FROM checks c JOIN projects p ON p.id = c.project_id
      WHERE c.id = ANY($1::uuid[]) AND p.account_id = $2 AND $3 = ANY(c.locations)`,
    [ids, accountId, code],
  );
  const targets = new Map(rows.map((r) => [r.id, r]));
  const probes: RemoteProbe[] = [];
  for (const job of jobs) {
    for (const ref of job.refs) {
      const t = targets.get(ref.checkId);
      if (!t || t.status === 'paused' || !isProbedKind(t.kind) || !isProbeKind(t.kind)) continue;
      const schedule = scheduleOf({ scheduleKind: t.schedule_kind, periodSec: t.period_sec, cron: t.cron, oncalendar: t.oncalendar, tz: t.tz });
      try {
        if (isProbeSuperseded(schedule, job.enqueuedAt, now, SUPERSEDED_SLACK_MS)) continue;
        const secrets = t.secrets ? cipher.decryptJson(t.secrets, AAD.checkProbeSecrets(t.kind, t.id)) : null;
        probes.push({ check_id: t.id, scheduled_at: ref.scheduledAt, kind: t.kind, config: joinConfig(t.settings, secrets) });
      } catch {
        continue;
      }
    }
  }
  return probes;
}
