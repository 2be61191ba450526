import { spawnSync } from 'node:child_process';

/**
 * Runs Prometheus' `promtool` (Debian package `prometheus`; .ci/run installs it when missing), e.g.
 * `promtool(['check', 'metrics'], { input })`. Throws when it is not installed.
 */
export function promtool(args: string[], opts: { input?: string; cwd?: string } = {}): { status: number | null; output: string } {
  const r = spawnSync('promtool', args, { input: opts.input, cwd: opts.cwd, encoding: 'utf8' });
  if (r.error) throw new Error(`promtool is needed (apt-get install prometheus): ${r.error.message}`);
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}
