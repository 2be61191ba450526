// `pnpm bench` runs every benchmark in turn; `pnpm bench <name> …` runs the named ones.
// Each benchmark is a module under src/ exporting `run(): Promise<void>`, listed here.
const BENCHES: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  'api-reads': () => import('./api-reads.js'),
  'ping-ingest': () => import('./ping-ingest.js'),
  'notify-latency': () => import('./notify-latency.js'),
  'deadline-lag': () => import('./deadline-lag.js'),
  'probe-throughput': () => import('./probe-throughput.js'),
  'probe-kinds': () => import('./probe-kinds.js'),
  'response-times': () => import('./response-times.js'),
  'web-dashboard': () => import('./web-dashboard.js'),
  'metrics-overhead': () => import('./metrics-overhead.js'),
  'status-page': () => import('./status-page.js'),
};

const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : Object.keys(BENCHES);
for (const name of names) {
  const load = BENCHES[name];
  if (!load) {
    console.error(`unknown benchmark '${name}'; known: ${Object.keys(BENCHES).join(', ') || '(none yet)'}`);
    process.exit(2);
  }
  await (await load()).run();
}
