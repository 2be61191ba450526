import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A Go program built for a test, or why it could not be (the test then skips and prints it). */
export type GoBuild = { ok: true; binary: string; goVersion: string } | { ok: false; reason: string };

/** Reused between runs so a second build of the same sources takes a second, not a minute. */
const GO_CACHE = path.join(os.tmpdir(), 'upmon-test-go-cache');

/**
 * Builds the Go package `pkg` of the module in `moduleDir` with the machine's Go (Debian's
 * `golang-go`), offline: the module and its `replace`d dependencies must be on disk (no module
 * proxy is reachable). The sources are copied first, so a checkout given by the developer is never
 * written to. Never throws: a missing Go, a missing checkout or a failed build (e.g. sources that
 * need a newer Go than Debian's) is a reason to skip.
 */
export function buildGoProgram(opts: { moduleDir: string; pkg: string; name: string; extraDirs?: Record<string, string> }): GoBuild {
  const version = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return { ok: false, reason: 'Go is not installed (apt-get install golang-go)' };
  const goVersion = version.stdout.trim();
  if (!existsSync(path.join(opts.moduleDir, 'go.mod'))) return { ok: false, reason: `no Go module at ${opts.moduleDir}` };
  const work = mkdtempSync(path.join(os.tmpdir(), `upmon-go-${opts.name}-`));
  const src = path.join(work, 'src');
  cpSync(opts.moduleDir, src, { recursive: true, filter: (p) => !p.includes(`${path.sep}.git`) });
  for (const [dir, from] of Object.entries(opts.extraDirs ?? {}))
    cpSync(from, path.join(work, dir), { recursive: true, filter: (p) => !p.includes(`${path.sep}.git`) });
  mkdirSync(GO_CACHE, { recursive: true });
  const binary = path.join(work, opts.name);
  const build = spawnSync('go', ['build', '-o', binary, opts.pkg], {
    cwd: src,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: work,
      GOPATH: path.join(work, 'gopath'),
      GOCACHE: GO_CACHE,
      GOFLAGS: '-mod=mod',
      GOPROXY: 'off',
      GOTOOLCHAIN: 'local',
      GOTELEMETRY: 'off',
      CGO_ENABLED: '0',
    },
    timeout: 300_000,
  });
  if (build.status !== 0) {
    const out = `${build.stdout}${build.stderr}`.trim().split('\n').slice(-4).join(' | ');
    return { ok: false, reason: `go build failed with ${goVersion}: ${out || build.error?.message}` };
  }
  return { ok: true, binary, goVersion };
}
