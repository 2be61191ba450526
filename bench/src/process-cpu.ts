// CPU time of processes, from /proc (Linux): lets a benchmark say where the machine's CPU went
// (service under test, its own harness, PostgreSQL, Redis), which wall-clock rates on a shared
// machine cannot.
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process in ms (0 once it has exited). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the ")" that ends the command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Pids whose command line matches `pattern` (e.g. the PostgreSQL backends of one database). */
export function pidsMatching(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (pattern.test(cmd)) pids.push(Number(entry));
    } catch {
      /* exited meanwhile */
    }
  }
  return pids;
}

/**
 * CPU used by named groups of processes between `start()` and `stop()`. Groups are re-resolved
 * at both ends (connections opened meanwhile count from zero; ones closed meanwhile are lost).
 */
export class CpuMeter {
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
