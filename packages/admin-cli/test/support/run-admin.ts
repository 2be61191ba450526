import { spawnSync } from 'node:child_process';
import path from 'node:path';

const cli = path.resolve(import.meta.dirname, '../../dist/main.js');

/** Runs the built admin CLI against `databaseUrl`: exit code, parsed stdout, stderr. */
export function runAdmin(databaseUrl: string, ...args: string[]): { code: number | null; json: any; err: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  return { code: r.status, json: r.stdout ? JSON.parse(r.stdout) : null, err: r.stderr };
}
