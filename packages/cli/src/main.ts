#!/usr/bin/env node
import { runCli } from './run-cli.js';

// The one place that touches the process: the environment, the directory and the exit code.
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  // `pnpm upmon …` runs in the repository's root; INIT_CWD is where it was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
});
