// The HTTP target of `pnpm bench locations`, in a process of its own so that the probers' CPU is
// their own. Checks probe `/g<group>/<check id>`; the harness makes whole groups fail (500) with
// `POST /_fail?groups=1,2` (empty: none). Each probe's lag (its arrival minus its slot: slot +
// the check's spread, as core's nextProbeAt places period probes) is kept with its arrival time;
// `GET /_lags?from=<ms>&to=<ms>` returns the lags of the probes that arrived in [from, to).
// argv[2]: the checks' period in seconds. Prints {port} as one JSON line, then serves until killed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeSpreadMs } from '@upmon/core';

const periodMs = Number(process.argv[2]) * 1000;
const arrivals: { at: number; lag: number }[] = [];
let failing = new Set<string>();

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://target');
  res.setHeader('connection', 'close');
  if (url.pathname === '/_fail') {
    failing = new Set((url.searchParams.get('groups') ?? '').split(',').filter(Boolean));
    res.end('ok');
    return;
  }
  if (url.pathname === '/_lags') {
    const from = Number(url.searchParams.get('from'));
    const to = Number(url.searchParams.get('to'));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(arrivals.filter((a) => a.at >= from && a.at < to).map((a) => a.lag)));
    return;
  }
  const at = Date.now();
  const [, group = '', id = ''] = url.pathname.split('/');
  // A period probe never runs before its slot (the scheduler enqueues it once due): the lag is the
  // time since the last slot.
  arrivals.push({ at, lag: (((at - probeSpreadMs(id, periodMs)) % periodMs) + periodMs) % periodMs });
  res.statusCode = failing.has(group.slice(1)) ? 500 : 200;
  res.end('ok');
});
server.maxConnections = 10_000;
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
