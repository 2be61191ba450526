// CPU time of the processes under test, which on the shared 2-core machine says more than wall
// time: other engineers' builds and tests stretch the wall clock, not the work per operation.
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Linux clock ticks per second (USER_HZ), the unit of utime/stime in /proc/<pid>/stat. */
const TICKS_PER_SEC = 100;

/** User + system CPU ms of a live process (0 once it has exited). */
function cpuMsOf(pid: number): number {
  try {
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SEC;
  } catch {
    return 0;
  }
}

/** Server processes of the database `pool` is connected to, except the connections named `exceptApp`. */
async function backendPids(pool: pg.Pool, exceptApp: string): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name IS DISTINCT FROM $1`,
    [exceptApp],
  );
  return rows.map((r) => r.pid);
}

/**
 * CPU used between start() and stop() by the given processes and by the PostgreSQL backends of the
 * database (PostgreSQL runs on this machine; its backends' /proc entries are readable). Backends
 * that connect in between count whole; one that exits in between would be missed (pools keep
 * their connections while busy).
 */
export class CpuMeter {
  private before = new Map<number, number>();
  constructor(
    private readonly pool: pg.Pool,
    private readonly exceptApp: string,
    private readonly processPids: () => number[],
  ) {}

  async start(): Promise<void> {
    const pids = [...this.processPids(), ...(await backendPids(this.pool, this.exceptApp))];
    this.before = new Map(pids.map((p) => [p, cpuMsOf(p)]));
  }

  /** CPU ms of the processes and of the database backends since start(). */
  async stop(): Promise<{ processMs: number; databaseMs: number }> {
    const delta = (pid: number) => cpuMsOf(pid) - (this.before.get(pid) ?? 0);
    const processMs = this.processPids().reduce((s, p) => s + delta(p), 0);
    const databaseMs = (await backendPids(this.pool, this.exceptApp)).reduce((s, p) => s + delta(p), 0);
    return { processMs, databaseMs };
  }
}
