// `pnpm bench` runs every benchmark in turn; `pnpm bench <name> …` runs the named ones.
// Each benchmark is a module under src/ exporting `run(): Promise<void>`, listed here. They run
// against the benchmarks' own PostgreSQL and Redis, started here and stopped at the end.
import { withBenchServers } from './bench-servers.js';

const BENCHES: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  'api-reads': () => import('./api-reads.js'),
  'list-stream': () => import('./list-stream.js'),
  'ping-ingest': () => import('./ping-ingest.js'),
  'ping-soak': () => import('./ping-ingest.js').then((m) => ({ run: m.runSoak })),
  'notify-latency': () => import('./notify-latency.js'),
  'deadline-lag': () => import('./deadline-lag.js'),
  'probe-throughput': () => import('./probe-throughput.js'),
  'probe-kinds': () => import('./probe-kinds.js'),
  'response-times': () => import('./response-times.js'),
  'web-dashboard': () => import('./web-dashboard.js'),
  'metrics-overhead': () => import('./metrics-overhead.js'),
  'status-page': () => import('./status-page.js'),
  'subscriber-fanout': () => import('./subscriber-fanout.js'),
  'scale-10m': () => import('./scale-10m.js'),
  locations: () => import('./locations.js'),
  'code-plan': () => import('./code-plan.js'),
  reports: () => import('./reports.js'),
};

const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : Object.keys(BENCHES);
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length > 0) {
  console.error(`unknown benchmark '${unknown.join(', ')}'; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
await withBenchServers(async () => {
  for (const name of names) await (await BENCHES[name]!()).run();
});
