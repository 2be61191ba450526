// What the metrics cost on the hot paths, per event, in isolation (CPU time of one process, so far
// less noisy on the shared machine than the end-to-end benchmarks): what the ping receiver adds per
// ping (one counter increment, one commit-time observation, two performance.now() reads) and the
// prober per probe (one duration observation), each in 2 million iterations after a warm-up,
// 7 rounds; the median and the range of the rounds are printed. Env: BENCH_METRICS_N (2000000).
import { performance } from 'node:perf_hooks';
import { createFlipMetrics, createMetricsRegistry, createPingMetrics, createProbeMetrics } from '@upmon/metrics';
import { printTable } from './report.js';

function nsPerCall(n: number, body: (i: number) => void): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) body(i);
  return ((performance.now() - t0) * 1e6) / n;
}

export async function run(): Promise<void> {
  const n = Number(process.env.BENCH_METRICS_N ?? 2_000_000);
  const registry = createMetricsRegistry();
  const pings = createPingMetrics(registry);
  const flips = createFlipMetrics(registry);
  const probes = createProbeMetrics(registry);
  const kinds = ['success', 'start', 'fail', 'log', 'exit'] as const;
  const cases: Record<string, (i: number) => void> = {
    'ping (received + committed + 2 × performance.now)': (i) => {
      const t = performance.now();
      pings.received(kinds[i % 5] as (typeof kinds)[number], 'stored');
      pings.committed((performance.now() - t) / 1000 + 0.002);
    },
    'probe (duration by outcome)': (i) => probes.probed(i % 7 === 0 ? 'timeout' : 'ok', 0.05 + (i % 100) / 1000),
    'flip (counter by reason)': () => flips.committed('ping'),
  };
  const rows = [];
  for (const [name, body] of Object.entries(cases)) {
    nsPerCall(n, body); // warm-up: let V8 optimise
    const rounds = Array.from({ length: 7 }, () => nsPerCall(n, body)).sort((a, b) => a - b);
    rows.push({
      'metrics work per event': name,
      'median ns': Math.round(rounds[3] as number),
      'min–max ns': `${Math.round(rounds[0] as number)}–${Math.round(rounds[6] as number)}`,
    });
  }
  printTable(`metrics overhead (${n} events per round, 7 rounds)`, rows);
  // Scraping stays cheap too: one registry.metrics() of a service with these metrics filled.
  const t0 = performance.now();
  for (let i = 0; i < 100; i++) await registry.metrics();
  console.log(`scrape (registry.metrics()): ${((performance.now() - t0) / 100).toFixed(2)} ms`);
}
