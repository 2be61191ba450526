import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { ApiClient, ApiFailure, type PlannedChange } from './api-client.js';
import { FileProblems, formatProblem, loadProject, type LoadedProject } from './project-files.js';
import { hasChanges, renderDrift, renderPlan } from './render-plan.js';

export const USAGE = `usage: upmon <command> [PATH...] [options]

  validate [PATH...]          check the files (syntax, schema, references, variables); no API call
  plan [PATH...] [--prune]    what apply would change, per resource and field; exit 2 when it would change something
  apply [PATH...] [--prune]   make the project as the files say (only the planned changes); --prune deletes what they no longer name
  diff [PATH...]              drift: how what is live differs from the files; exit 2 when it does
  export [--out FILE]         the live project as a file (credentials as \${VARIABLE} references)

PATH: YAML files or directories of them (default: ./upmon). Environment: UPMON_API_URL (the
installation's address), UPMON_API_KEY (a project API key; read-write for apply). Exit codes:
0 done / no changes, 1 error, 2 changes or drift.`;

/** Where the CLI reads and writes: passed in, so tests run it in-process. */
export interface CliIo {
  env: Record<string, string | undefined>;
  cwd: string;
  out(text: string): void;
  err(text: string): void;
}

class UsageError extends Error {}

function client(env: CliIo['env']): ApiClient {
  const url = env.UPMON_API_URL;
  const key = env.UPMON_API_KEY;
  if (!url) throw new UsageError('UPMON_API_URL is not set (the address of the upmon installation)');
  if (!key) throw new UsageError('UPMON_API_KEY is not set (a project API key)');
  return new ApiClient(url, key);
}

/** An API failure, its field errors placed in the files where the fields are written. */
function describeFailure(e: ApiFailure, project?: LoadedProject): string {
  const fields = Object.entries(e.errors).map(([field, messages]) => {
    const at = project?.placeOf(field);
    return messages.map((m) => (at ? formatProblem({ ...at, field, message: m }) : `${field}: ${m}`)).join('\n');
  });
  return [`error: ${e.message} (HTTP ${e.status})`, ...fields].join('\n');
}

async function apply(api: ApiClient, project: LoadedProject, plan: PlannedChange[], io: CliIo): Promise<number> {
  const steps = plan.filter((c) => c.action === 'create' || c.action === 'update' || c.action === 'delete');
  let done = 0;
  for (const c of steps) {
    try {
      if (c.action === 'delete') await api.remove(c);
      else await api.put(c, project.desired[c.type === 'check' ? 'checks' : 'integrations'][c.key]!);
    } catch (e) {
      if (!(e instanceof ApiFailure)) throw e;
      io.err(`${describeFailure(e, project)}\n  while applying: ${c.action} ${c.type} ${c.key}\n`);
      io.err(`Applied ${done} of ${steps.length} changes; the rest were not applied. Run plan, then apply again to continue.\n`);
      return 1;
    }
    done++;
    io.out(`${c.action === 'create' ? 'created' : c.action === 'update' ? 'updated' : 'deleted'} ${c.type} ${c.key}\n`);
  }
  io.out(`Apply complete: ${done} changes.\n`);
  return 0;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { prune: { type: 'boolean', default: false }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, ...paths] = positionals;
  if (values.help || !command) {
    io.out(`${USAGE}\n`);
    return command || values.help ? 0 : 1;
  }
  const files = paths.length ? paths : ['upmon'];
  switch (command) {
    case 'validate': {
      const project = loadProject(files, io.env, io.cwd);
      io.out(`Valid: ${Object.keys(project.desired.checks).length} checks, ${Object.keys(project.desired.integrations).length} integrations.\n`);
      return 0;
    }
    case 'plan':
    case 'diff':
    case 'apply': {
      const project = loadProject(files, io.env, io.cwd);
      const api = client(io.env);
      let plan: PlannedChange[];
      try {
        plan = await api.plan(project.desired, command !== 'diff' && values.prune === true);
      } catch (e) {
        if (!(e instanceof ApiFailure)) throw e;
        io.err(`${describeFailure(e, project)}\n`);
        return 1;
      }
      if (command === 'diff') {
        io.out(renderDrift(plan));
        return plan.some((c) => c.action !== 'unchanged') ? 2 : 0;
      }
      io.out(renderPlan(plan));
      if (command === 'plan') return hasChanges(plan) ? 2 : 0;
      return hasChanges(plan) ? apply(api, project, plan, io) : 0;
    }
    case 'export': {
      const exported = await client(io.env).exportProject();
      const header = [
        '# yaml-language-server: $schema=https://upmon.dev/schemas/upmon.schema.json',
        '# Exported by `upmon export`. Credentials are read from these environment variables:',
        ...exported.env.map((v) => `#   ${v.name}  (${v.field})`),
      ].join('\n');
      const text = `${header}\n${stringify({ integrations: exported.integrations, checks: exported.checks }, { lineWidth: 0 })}`;
      if (values.out) {
        const file = path.resolve(io.cwd, values.out);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, text);
      } else io.out(text);
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** Runs one command; answers its exit code (0 done or no changes, 1 error, 2 changes or drift). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (e) {
    if (e instanceof FileProblems) {
      io.err(`${e.message}\n${e.problems.length} problem${e.problems.length === 1 ? '' : 's'} in the files; nothing was sent.\n`);
      return 1;
    }
    if (e instanceof ApiFailure) {
      io.err(`${describeFailure(e)}\n`);
      return 1;
    }
    if (e instanceof UsageError || (e instanceof TypeError && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(`${e.message}\n\n${USAGE}\n`);
      return 1;
    }
    if (e instanceof Error && 'code' in e && e.code === 'ENOENT') {
      io.err(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
