// `pnpm bench probe-kinds`: probes per second of every kind but http (tcp, dns, tls) against local targets
// (bench/src/probe-targets.ts, a process of its own), through @upmon/probes as the prober runs
// them (registry, outbound guard, judgement), PROBE_KINDS_CONCURRENCY (100) in flight; then the
// heap and RSS over 100,000 probes (every kind in turn), measured after a full GC every 10,000.
// Each run also reports the CPU per probe of the probing process and of the targets' process
// (a loaded machine slows probes/s; CPU per probe is the figure to compare between builds).
// Knobs: PROBE_KINDS_RUNS (5), PROBE_KINDS_PROBES (10,000 per run), PROBE_KINDS_MEMORY (100,000;
// 0 skips the memory part), PROBE_KINDS_KINDS (every kind but http), PROBE_KINDS_TARGET_NODE_ARGS (node
// options for the targets' process, e.g. --cpu-prof).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProbeContext, PROBE_KIND_NAMES, probeKind, type ProbeKindName } from '@upmon/probes';
import { processCpuMs } from './cpu-usage.js';
import { printTable } from './report.js';

const RUNS = Number(process.env.PROBE_KINDS_RUNS ?? 5);
const PROBES = Number(process.env.PROBE_KINDS_PROBES ?? 10_000);
const CONCURRENCY = Number(process.env.PROBE_KINDS_CONCURRENCY ?? 100);
const MEMORY_PROBES = Number(process.env.PROBE_KINDS_MEMORY ?? 100_000);
type BenchedKind = Exclude<ProbeKindName, 'http'>;
// http has its own bench (probe-throughput); every other kind of the registry is benched here.
const KINDS = (process.env.PROBE_KINDS_KINDS?.split(',') ?? PROBE_KIND_NAMES.filter((k) => k !== 'http')) as BenchedKind[];

interface Targets {
  tcp: number;
  tls: number;
  dns: number;
  caCert: string;
}

async function startTargets(): Promise<{ targets: Targets; pid: number; stop(): void }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'probe-targets.js');
  const nodeArgs = (process.env.PROBE_KINDS_TARGET_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`probe targets exited (${code})`)));
  });
  return { targets: JSON.parse(line) as Targets, pid: child.pid as number, stop: () => child.kill('SIGTERM') };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function run(): Promise<void> {
  const { targets, pid, stop } = await startTargets();
  const ctx = createProbeContext({ allowCidrs: ['127.0.0.0/8'], userAgent: 'upmon-bench', now: () => new Date(), certificateAuthority: targets.caCert });
  const configs: Record<BenchedKind, Record<string, unknown>> = {
    tcp: { host: '127.0.0.1', port: targets.tcp, send: 'ping\n', expect: 'ping' },
    dns: { name: 'bench.test', resolver: `127.0.0.1:${targets.dns}`, expected: ['93.184.216.34'] },
    tls: { host: '127.0.0.1', port: targets.tls, sni: 'localhost' },
  };
  const probeOf = (kind: keyof typeof configs) => {
    const def = probeKind(kind);
    const { value, error } = def.schema.validate(configs[kind]);
    if (error) throw error;
    const config = def.fromJson(value);
    return () => def.probe(config, ctx);
  };
  /** `n` probes, `CONCURRENCY` at a time; returns probes/s, CPU µs per probe (here and in the targets) and how many failed. */
  const burst = async (probe: () => Promise<{ ok: boolean; explanation: string }>, n: number) => {
    let next = 0;
    let failed = 0;
    let firstFailure = '';
    const started = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    const targetMsBefore = processCpuMs(pid);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) {
          next++;
          const r = await probe();
          if (!r.ok) {
            failed++;
            firstFailure ||= r.explanation;
          }
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const proberUs = (cpu.user + cpu.system) / n;
    const targetUs = ((processCpuMs(pid) - targetMsBefore) * 1000) / n;
    return { perSecond: n / seconds, proberUs, targetUs, failed, firstFailure };
  };

  try {
    const rows: Record<string, string | number>[] = [];
    for (const kind of KINDS) {
      const probe = probeOf(kind);
      await burst(probe, 500); // warm-up
      const rates: number[] = [];
      const proberUs: number[] = [];
      const targetUs: number[] = [];
      let failed = 0;
      let firstFailure = '';
      for (let i = 0; i < RUNS; i++) {
        const r = await burst(probe, PROBES);
        rates.push(r.perSecond);
        proberUs.push(r.proberUs);
        targetUs.push(r.targetUs);
        failed += r.failed;
        firstFailure ||= r.firstFailure;
      }
      rows.push({
        kind,
        'probes/s median': Math.round(median(rates)),
        min: Math.round(Math.min(...rates)),
        max: Math.round(Math.max(...rates)),
        'prober µs CPU/probe': `${Math.round(median(proberUs))} [${Math.round(Math.min(...proberUs))}–${Math.round(Math.max(...proberUs))}]`,
        'target µs CPU/probe': `${Math.round(median(targetUs))} [${Math.round(Math.min(...targetUs))}–${Math.round(Math.max(...targetUs))}]`,
        runs: RUNS,
        'probes/run': PROBES,
        failed,
        ...(firstFailure ? { 'first failure': firstFailure } : {}),
      });
    }
    printTable(`probe-kinds: probes/s against local targets (${CONCURRENCY} in flight; load average ${loadavg()[0]?.toFixed(1)})`, rows);
    if (MEMORY_PROBES <= 0) return;

    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const kinds = KINDS.map(probeOf);
    const samples: Record<string, string | number>[] = [];
    let done = 0;
    const sample = () => {
      gc();
      const m = process.memoryUsage();
      samples.push({
        probes: done,
        'heap MB': Math.round(m.heapUsed / 1e5) / 10,
        'rss MB': Math.round(m.rss / 1e5) / 10,
        'external MB': Math.round(m.external / 1e5) / 10,
      });
    };
    sample();
    const step = MEMORY_PROBES / 10;
    for (let i = 0; i < 10; i++) {
      let k = 0;
      await burst(() => (kinds[k++ % kinds.length] as () => Promise<{ ok: boolean; explanation: string }>)(), step);
      done += step;
      sample();
    }
    printTable(`probe-kinds: memory over ${MEMORY_PROBES} probes (${KINDS.join(', ')} in turn; after a full GC)`, samples);
  } finally {
    ctx.destroy();
    stop();
  }
}
