import { rearmDeadlinesAfterRestore } from '@upmon/check-store';
import { createPgPool } from '@upmon/db';
import { CliError } from './commands.js';

/** Options of the `deadlines` command group (merged into the CLI's parseArgs options). */
export const RESTORE_OPTIONS = {
  'restored-at': { type: 'string' },
} as const;

export const RESTORE_USAGE = `  deadlines rearm [--restored-at ISO_TIME]   (after restoring a backup, before starting the scheduler)`;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `--restored-at`: an ISO time with its offset, not in the future; `now` without it. */
function restoreTime(value: string | undefined, now: Date): Date {
  if (value === undefined) return now;
  const at = value.length <= 40 && ISO_TIME.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw new CliError('--restored-at must be an ISO time with its offset, e.g. 2026-03-10T12:00:00Z', 2);
  if (at.getTime() > now.getTime()) throw new CliError('--restored-at is in the future', 2);
  return at;
}

/**
 * "Restored" mode, in one command: every check with a pending deadline re-armed from the restore
 * time (docs/operations.md, "Restoring a backup"), so the pings lost with the backup's gap page
 * nobody. Progress per batch on stderr; the summary as JSON.
 */
export async function rearmDeadlinesCommand(databaseUrl: string, opts: { 'restored-at'?: string }, now: Date) {
  const restoredAt = restoreTime(opts['restored-at'], now);
  const pool = createPgPool(databaseUrl, 1);
  try {
    const summary = await rearmDeadlinesAfterRestore(pool, restoredAt, {
      onBatch: (s) => process.stderr.write(`re-armed ${s.rearmed} of ${s.examined} checks with a deadline\n`),
    });
    return { restored_at: restoredAt.toISOString(), checks_with_deadline: summary.examined, rearmed: summary.rearmed };
  } finally {
    await pool.end();
  }
}
