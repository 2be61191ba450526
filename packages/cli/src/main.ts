#!/usr/bin/env node
import { runCli } from './run-cli.js';

// The one place that touches the process: the environment, the directory and the exit code.
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
});
