// Who spent the machine's CPU during a benchmark run (load generator, service under test, its
// PostgreSQL backends), read from /proc (Linux). On a 2-core machine a load generator that eats
// half the CPU measures itself more than the server: the benchmarks print these shares.
import fs from 'node:fs';
import type pg from 'pg';

const TICK_MS = 10; // USER_HZ (getconf CLK_TCK) is 100 on Linux

/** User + system CPU time of one process (all its threads), ms; 0 if it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at ") ".
    const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime, stime
  } catch {
    return 0;
  }
}

/**
 * CPU ms used so far by `pid` and every descendant, including descendants that have already exited
 * and been waited for (their time is in the parent's cutime/cstime). A monotonic counter, so the
 * difference between two readings counts processes that lived only in between, such as
 * PostgreSQL's autovacuum workers and backends of closed connections. 0 if `pid` is gone.
 */
export function treeCpuMs(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  let ms = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS; // utime, stime, cutime, cstime
  for (const child of childrenOf(pid)) ms += treeCpuMs(child);
  return ms;
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const t of tasks) {
    try {
      for (const c of fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/)) if (c) out.push(Number(c));
    } catch {
      /* task ended */
    }
  }
  return out;
}

/** CPU seconds (user + system) a process has used so far; NaN without a pid. */
export function cpuSeconds(pid: number | undefined): number {
  return pid ? processCpuMs(pid) / 1000 : NaN;
}

/** Busy and total CPU time of the whole machine (all cores), ms. */
export function machineCpuMs(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] as string;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0) * TICK_MS;
  const idle = ((v[3] ?? 0) + (v[4] ?? 0)) * TICK_MS; // idle + iowait
  return { busy: total - idle, total };
}

/** Pids of the PostgreSQL backends of the database `pool` is connected to, except those named `excludeApp`. */
export async function backendPids(pool: pg.Pool, excludeApp: string): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name IS DISTINCT FROM $1`,
    [excludeApp],
  );
  return rows.map((r) => r.pid);
}

/**
 * CPU time per process group over an interval: `start()` then `stop()` with the same groups.
 * A pid's time is counted from its first sighting (0 if it appeared during the interval, since
 * processes started meanwhile, such as new PostgreSQL backends, began at 0).
 */
export class CpuMeter {
  private base = new Map<number, number>();
  private machine = machineCpuMs();

  start(pids: number[]): void {
    this.machine = machineCpuMs();
    this.base = new Map(pids.map((p) => [p, processCpuMs(p)]));
  }

  /** CPU ms of `pids` since start. */
  spent(pids: number[]): number {
    return pids.reduce((sum, p) => sum + Math.max(0, processCpuMs(p) - (this.base.get(p) ?? 0)), 0);
  }

  /** Machine busy and total CPU ms since start. */
  machineSince(): { busy: number; total: number } {
    const now = machineCpuMs();
    return { busy: now.busy - this.machine.busy, total: now.total - this.machine.total };
  }
}

/** Pids whose command line matches `pattern` (e.g. the PostgreSQL backends of one database). */
export function pidsMatching(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (pattern.test(cmd)) pids.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

/**
 * CPU used by named groups of processes (each resolved by a function) between `start()` and
 * `stop()`. Groups are re-resolved
 * at both ends (connections opened meanwhile count from zero; ones closed meanwhile are lost).
 */
export class CpuGroupsMeter {
  private readonly before = new Map<string, Map<number, number>>();

  constructor(private readonly groups: Record<string, () => number[]>) {}

  private sample(): Map<string, Map<number, number>> {
    const out = new Map<string, Map<number, number>>();
    for (const [name, pids] of Object.entries(this.groups)) out.set(name, new Map(pids().map((p) => [p, processCpuMs(p)])));
    return out;
  }

  start(): void {
    for (const [k, v] of this.sample()) this.before.set(k, v);
  }

  /** ms of CPU per group since start(). */
  stop(): Record<string, number> {
    const result: Record<string, number> = {};
    for (const [name, now] of this.sample()) {
      const was = this.before.get(name) ?? new Map<number, number>();
      let ms = 0;
      for (const [pid, cpu] of now) ms += cpu - (was.get(pid) ?? 0);
      result[name] = ms;
    }
    return result;
  }
}
