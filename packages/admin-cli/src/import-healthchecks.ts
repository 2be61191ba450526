import { readFileSync, statSync } from 'node:fs';
import { planLimits } from '@upmon/core';
import type { Prisma, PrismaClient } from '@upmon/db';
import { hcExportRecordToCheck, type ImportedCheck } from '@upmon/healthchecks';
import { CliError } from './cli-error.js';
import { requireUuid } from './commands.js';
import { auditOperatorChange } from './operator-audit.js';

/** An export of 100,000 checks is ~150 MB of JSON; anything larger is not an export. */
const FILE_MAX_BYTES = 256 * 1024 * 1024;

interface Outcome {
  created: { id: string; name: string }[];
  adjusted: { id: string; name: string; field: string; requested: unknown; stored: unknown; reason: string }[];
  skipped: { id: string | null; name: string | null; reason: string }[];
}

function readExport(file: string | undefined): unknown[] {
  if (!file) throw new CliError('--file is required (the JSON of GET /api/v3/checks/ with a read-write key)', 2);
  let text: string;
  try {
    if (statSync(file).size > FILE_MAX_BYTES) throw new CliError(`${file} is larger than ${FILE_MAX_BYTES} bytes`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new CliError(`${file} is not JSON`);
  }
  const checks = Array.isArray(doc) ? doc : (doc as { checks?: unknown } | null)?.checks;
  if (!Array.isArray(checks)) throw new CliError(`${file} has no "checks" list (expected the answer of GET /api/v3/checks/)`);
  return checks;
}

function columnsOf(c: ImportedCheck, projectId: string, slug: string | null): Prisma.CheckUncheckedCreateInput {
  const s = c.fields.schedule;
  return {
    id: c.id,
    projectId,
    name: c.fields.name,
    slug,
    description: c.fields.description,
    tags: c.fields.tags,
    tz: c.fields.tz,
    graceSec: c.fields.graceSec,
    hcGraceSec: c.fields.hcGraceSec,
    postOnly: c.fields.postOnly,
    scheduleKind: s.kind,
    periodSec: s.kind === 'period' ? s.periodSec : null,
    cron: s.kind === 'cron' ? s.cron : null,
    oncalendar: s.kind === 'oncalendar' ? s.oncalendar : null,
    nPings: c.nPings,
    ...(c.paused ? { status: 'paused' as const } : {}),
  };
}

type Created = { created: true; slugDropped: boolean } | { created: false; reason: string };

/**
 * One check in its own transaction, under the account row's lock (like every check creation) so
 * the plan's quota holds against concurrent creations. An id that exists is skipped: that is
 * what makes a second run create nothing.
 */
async function insertOne(prisma: PrismaClient, c: ImportedCheck, project: { id: string; accountId: string }): Promise<Created> {
  return prisma.$transaction(async (tx) => {
    const [account] = await tx.$queryRaw<{ plan: 'free' | 'pro' | 'business' }[]>`
      SELECT plan FROM accounts WHERE id = ${project.accountId}::uuid FOR UPDATE`;
    const existing = await tx.check.findUnique({ where: { id: c.id }, select: { projectId: true } });
    if (existing)
      return { created: false, reason: existing.projectId === project.id ? 'already imported' : 'a check with this uuid exists in another project' };
    const n = await tx.check.count({ where: { project: { accountId: project.accountId } } });
    const quota = planLimits(account?.plan ?? 'free').checkQuota;
    if (n >= quota) return { created: false, reason: `the account's plan allows ${quota} checks` };
    // Slugs are unique per project in upmon; Healthchecks allows duplicates (its slug URL then
    // answers 409 "ambiguous slug", so no cron job can depend on it): the later one goes without.
    const slug = c.fields.slug;
    const taken = slug !== null && (await tx.check.findFirst({ where: { projectId: project.id, slug }, select: { id: true } })) !== null;
    await tx.check.create({ data: columnsOf(c, project.id, taken ? null : slug) });
    return { created: true, slugDropped: taken };
  });
}

/**
 * `import healthchecks --project ID --file checks.json`: creates the checks of a Healthchecks
 * export (GET /api/v3/checks/ with a read-write key) in the project, each with its own UUID so
 * existing ping URLs keep working (docs/healthchecks.md). Idempotent; reports what it created,
 * what it stored differently from Healthchecks (upmon's rules) and what it skipped and why.
 * Operator tool: it does not spend the API's check-creation rate-limit budget, but respects the
 * plan's check quota.
 */
export async function importHealthchecks(prisma: PrismaClient, opts: { project?: string; file?: string }) {
  const projectId = requireUuid(opts.project, 'project');
  const records = readExport(opts.file);
  const project = await prisma.project.findUnique({ where: { id: projectId }, select: { id: true, accountId: true, name: true } });
  if (!project) throw new CliError(`project ${projectId} not found`);

  const out: Outcome = { created: [], adjusted: [], skipped: [] };
  for (const record of records) {
    const mapped = hcExportRecordToCheck(record);
    if (!mapped.ok) {
      out.skipped.push({ id: mapped.id, name: mapped.name, reason: mapped.reason });
      continue;
    }
    const c = mapped.check;
    const result = await insertOne(prisma, c, project);
    if (!result.created) {
      out.skipped.push({ id: c.id, name: c.fields.name, reason: result.reason });
      continue;
    }
    out.created.push({ id: c.id, name: c.fields.name });
    const adjustments = [...c.adjustments];
    if (result.slugDropped) adjustments.push({ field: 'slug', requested: c.fields.slug, stored: null, reason: 'another check of the project has this slug' });
    for (const a of adjustments) out.adjusted.push({ id: c.id, name: c.fields.name, ...a });
  }
  // One event for the run (each check is its own transaction; a second run that creates nothing logs nothing).
  if (out.created.length > 0) {
    const target = `${out.created.length} checks into project "${project.name}" (${project.id})`;
    await auditOperatorChange(prisma, { accountId: project.accountId, projectId: project.id }, 'check.import', target);
  }
  return {
    project_id: projectId,
    ...out,
    notes: [
      "Integrations are not imported (Healthchecks' channels are not upmon's): the imported checks notify through the project's integrations by their tags rule.",
      'Imported checks start as new (paused ones stay paused): the first ping after the move arms each one.',
    ],
  };
}
