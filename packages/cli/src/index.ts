export { runCli, USAGE, type CliIo } from './run-cli.js';
