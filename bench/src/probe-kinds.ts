// `pnpm bench probe-kinds`: probes per second of the tcp, dns and tls kinds against local targets
// (bench/src/probe-targets.ts, a process of its own), through @upmon/probes as the prober runs
// them (registry, outbound guard, judgement), PROBE_KINDS_CONCURRENCY (100) in flight; then the
// heap and RSS over 100,000 probes (every kind in turn), measured after a full GC every 10,000.
// Knobs: PROBE_KINDS_RUNS (5), PROBE_KINDS_PROBES (10,000 per run), PROBE_KINDS_MEMORY (100,000).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProbeContext, probeKind, type ProbeKindName } from '@upmon/probes';
import { printTable } from './report.js';

const RUNS = Number(process.env.PROBE_KINDS_RUNS ?? 5);
const PROBES = Number(process.env.PROBE_KINDS_PROBES ?? 10_000);
const CONCURRENCY = Number(process.env.PROBE_KINDS_CONCURRENCY ?? 100);
const MEMORY_PROBES = Number(process.env.PROBE_KINDS_MEMORY ?? 100_000);

interface Targets {
  tcp: number;
  tls: number;
  dns: number;
  caCert: string;
}

async function startTargets(): Promise<{ targets: Targets; stop(): void }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'probe-targets.js');
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`probe targets exited (${code})`)));
  });
  return { targets: JSON.parse(line) as Targets, stop: () => child.kill('SIGTERM') };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export async function run(): Promise<void> {
  const { targets, stop } = await startTargets();
  const ctx = createProbeContext({ allowCidrs: ['127.0.0.0/8'], userAgent: 'upmon-bench', now: () => new Date(), certificateAuthority: targets.caCert });
  const configs: Record<Exclude<ProbeKindName, 'http'>, Record<string, unknown>> = {
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
  /** `n` probes, `CONCURRENCY` at a time; returns probes/s and how many failed. */
  const burst = async (probe: () => Promise<{ ok: boolean; explanation: string }>, n: number) => {
    let next = 0;
    let failed = 0;
    let firstFailure = '';
    const started = process.hrtime.bigint();
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
    return { perSecond: n / seconds, failed, firstFailure };
  };

  try {
    const rows: Record<string, string | number>[] = [];
    for (const kind of ['tcp', 'dns', 'tls'] as const) {
      const probe = probeOf(kind);
      await burst(probe, 500); // warm-up
      const rates: number[] = [];
      let failed = 0;
      let firstFailure = '';
      for (let i = 0; i < RUNS; i++) {
        const r = await burst(probe, PROBES);
        rates.push(r.perSecond);
        failed += r.failed;
        firstFailure ||= r.firstFailure;
      }
      rows.push({
        kind,
        'probes/s median': Math.round(median(rates)),
        min: Math.round(Math.min(...rates)),
        max: Math.round(Math.max(...rates)),
        runs: RUNS,
        'probes/run': PROBES,
        failed,
        ...(firstFailure ? { 'first failure': firstFailure } : {}),
      });
    }
    printTable(`probe-kinds: probes/s against local targets (${CONCURRENCY} in flight)`, rows);

    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const kinds = (['tcp', 'dns', 'tls'] as const).map(probeOf);
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
    printTable(`probe-kinds: memory over ${MEMORY_PROBES} probes (tcp, dns, tls in turn; after a full GC)`, samples);
  } finally {
    ctx.destroy();
    stop();
  }
}
