#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadAdminConfig } from '@upmon/config';
import { createPgPool, createPrismaClient } from '@upmon/db';
import * as cmd from './commands.js';
import { importHealthchecks } from './import-healthchecks.js';
import { USER_OPTIONS, USER_USAGE, userCommands } from './user-commands.js';
import { reEncryptSecretsCommand } from './secrets-commands.js';
import { SMS_OPTIONS, SMS_USAGE, smsCommands } from './sms-commands.js';
import { RESTORE_OPTIONS, RESTORE_USAGE, rearmDeadlinesCommand } from './restore-commands.js';

const USAGE = `usage: upmon-admin <command> [options]   (output is JSON)

  account create --name NAME [--plan free|pro|business]
  account set-plan --id ACCOUNT_ID --plan free|pro|business
  account list
  project create --account ACCOUNT_ID --name NAME
  project list [--account ACCOUNT_ID]
  key create --project PROJECT_ID --kind rw|ro [--name NAME]
  key list --project PROJECT_ID
  key revoke --id KEY_ID
  import healthchecks --project PROJECT_ID --file CHECKS_JSON
${USER_USAGE}
  secrets re-encrypt [--batch N]   (re-encrypts every secret with the newest of ENCRYPTION_KEYS)
${SMS_USAGE}
${RESTORE_USAGE}

Reads DATABASE_URL; when unset, falls back to .run/local.env written by 'pnpm start'.`;

/** `pnpm start` writes its settings to .run/local.env; let the CLI find the same database. */
function localEnv(): Record<string, string> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const file = path.join(root, '.run/local.env');
  if (process.env.DATABASE_URL || !existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) out[m[1] as string] = (m[2] as string).replace(/^'(.*)'$/, '$1');
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      id: { type: 'string' },
      account: { type: 'string' },
      project: { type: 'string' },
      kind: { type: 'string' },
      file: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...USER_OPTIONS,
      ...SMS_OPTIONS,
      ...RESTORE_OPTIONS,
    },
  });
  const [group, action] = positionals;
  if (values.help || !group) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadAdminConfig({ ...localEnv(), ...process.env });
  const prisma = createPrismaClient(config.databaseUrl, { poolSize: 2 });
  const now = new Date();
  try {
    const run: Record<string, () => Promise<unknown>> = {
      'account create': () => cmd.createAccount(prisma, values),
      'account set-plan': async () => {
        const pool = createPgPool(config.databaseUrl, 1);
        try {
          return await cmd.setPlan(pool, values, now);
        } finally {
          await pool.end();
        }
      },
      'account list': () => cmd.listAccounts(prisma),
      'project create': () => cmd.createProject(prisma, values),
      'project list': () => cmd.listProjects(prisma, values),
      'key create': () => cmd.createKey(prisma, values),
      'key list': () => cmd.listKeys(prisma, values),
      'key revoke': () => cmd.revokeKey(prisma, values, now),
      'import healthchecks': () => importHealthchecks(prisma, values),
      ...userCommands(prisma, values, { appBaseUrl: config.appBaseUrl, now }),
      'secrets re-encrypt': () => reEncryptSecretsCommand(config, values),
      ...smsCommands(prisma, values, now),
      'deadlines rearm': () => rearmDeadlinesCommand(config.databaseUrl, values, now),
    };
    const handler = run[`${group} ${action ?? ''}`];
    if (!handler) throw new cmd.CliError(`unknown command '${positionals.join(' ')}'\n${USAGE}`, 2);
    process.stdout.write(`${JSON.stringify(await handler(), null, 2)}\n`);
    return 0;
  } finally {
    await prisma.$disconnect();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof cmd.CliError || err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${JSON.stringify({ error: (err as Error).message })}\n`);
      process.exit(err instanceof cmd.CliError ? err.exitCode : 2);
    }
    process.stderr.write(`${JSON.stringify({ error: 'internal error', detail: (err as Error).message })}\n`);
    process.exit(1);
  },
);
