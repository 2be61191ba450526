import { CheckBatch } from '@upmon/check-store';
import { hasControlCharacters, type FlipRecord } from '@upmon/core';
import { withPgTransaction, type PrismaClient } from '@upmon/db';
import { recordAuditEvent, recordAuditEventWithPg } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { checkTarget } from './create-check.js';
import type { PauseResumeDeps } from './pause-resume-check.js';

/** The most checks one bulk action takes: a dashboard page. */
export const BULK_CHECKS_MAX = 100;
/** A check's tags at most (the check body's rule). */
const TAGS_PER_CHECK_MAX = 100;

/** How many of the chosen checks a bulk action changed; the others were already so (or not found in the project). */
export interface BulkOutcome {
  changed: number;
  unchanged: number;
}

/** A 422 naming the field, whose message is the sentence a person reads on the page. */
const invalid = (field: string, problem: string, sentence: string) => ApiError.validation({ [field]: [problem] }, sentence);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The chosen ids, once each: at least one, at most BULK_CHECKS_MAX, each a check id (else a 422 naming `checks`). */
export function bulkCheckIds(checkIds: readonly string[]): string[] {
  const ids = [...new Set(checkIds)];
  if (ids.some((id) => id.length > 36 || !UUID.test(id))) throw invalid('checks', 'must be check ids', 'The checks must be given by their ids.');
  if (ids.length === 0) throw invalid('checks', 'choose at least one check', 'Choose at least one check.');
  if (ids.length > BULK_CHECKS_MAX) throw invalid('checks', `must be at most ${BULK_CHECKS_MAX} at once`, `Choose at most ${BULK_CHECKS_MAX} checks at once.`);
  return ids;
}

/**
 * Pauses or resumes several checks of the project in one transaction through the state machine
 * (check-store's `CheckBatch`, as one check's pause and resume): a paused check is not paused
 * again and only paused checks are resumed, the rest are left as they are. Each change is audited
 * (`check.pause`, `check.resume`) in the same transaction.
 */
export async function pauseOrResumeChecks(
  deps: PauseResumeDeps,
  auth: ProjectScope,
  checkIds: readonly string[],
  event: 'pause' | 'resume',
  now: Date,
): Promise<BulkOutcome> {
  const ids = bulkCheckIds(checkIds);
  const flips: FlipRecord[] = [];
  const changed = await withPgTransaction(deps.pool, async (client) => {
    const batch = await CheckBatch.lock(client, ids);
    const { rows } = await client.query<{ id: string; name: string }>(`SELECT id, name FROM checks WHERE id = ANY($1::uuid[]) AND project_id = $2`, [
      ids.filter((id) => batch.get(id)),
      auth.projectId,
    ]);
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const done: string[] = [];
    for (const id of ids) {
      const locked = batch.get(id);
      if (!locked || locked.row.project_id !== auth.projectId) continue;
      if (event === 'pause' ? locked.state.status === 'paused' : locked.state.status !== 'paused') continue;
      const r = batch.transition(id, { type: event }, now);
      if (r.flip) flips.push(r.flip);
      done.push(id);
    }
    await batch.write(client);
    for (const id of done)
      await recordAuditEventWithPg(client, {
        accountId: auth.accountId,
        projectId: auth.projectId,
        actor: auth.actor,
        action: event === 'pause' ? 'check.pause' : 'check.resume',
        target: checkTarget({ id, name: names.get(id) ?? '' }),
      });
    return done.length;
  });
  for (const flip of flips) deps.flipMetrics.committed(flip.reason);
  return { changed, unchanged: ids.length - changed };
}

/** A tag as a check's body takes it (1 to 100 characters, no control characters), or a 422 naming the field. */
export function validBulkTag(tag: string): string {
  const t = tag.trim();
  if (t === '') throw invalid('tag', 'cannot be empty', 'The tag cannot be empty.');
  if (t.length > 100) throw invalid('tag', 'must be at most 100 characters', 'The tag must be at most 100 characters.');
  if (hasControlCharacters(t)) throw invalid('tag', 'must not contain control characters', 'The tag must not contain control characters.');
  return t;
}

/**
 * Adds a tag to several checks of the project, or removes it, in one statement: a check that
 * already has it (or has not, to remove) is left alone, as is one with 100 tags already. Each
 * changed check is audited (`check.tag_add`, `check.tag_remove`, the tag in the target).
 */
export async function changeChecksTag(
  prisma: PrismaClient,
  auth: ProjectScope,
  checkIds: readonly string[],
  tag: string,
  change: 'add' | 'remove',
): Promise<BulkOutcome> {
  const ids = bulkCheckIds(checkIds);
  const t = validBulkTag(tag);
  const changed = await prisma.$transaction(async (tx) => {
    const rows =
      change === 'add'
        ? await tx.$queryRaw<{ id: string; name: string }[]>`
            UPDATE checks SET tags = array_append(tags, ${t}), updated_at = now()
             WHERE project_id = ${auth.projectId}::uuid AND id = ANY(${ids}::uuid[]) AND NOT (${t} = ANY(tags)) AND cardinality(tags) < ${TAGS_PER_CHECK_MAX}
            RETURNING id::text, name`
        : await tx.$queryRaw<{ id: string; name: string }[]>`
            UPDATE checks SET tags = array_remove(tags, ${t}), updated_at = now()
             WHERE project_id = ${auth.projectId}::uuid AND id = ANY(${ids}::uuid[]) AND ${t} = ANY(tags)
            RETURNING id::text, name`;
    // In name order (UPDATE … RETURNING gives no order), so the log reads the same every time.
    rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
    for (const row of rows)
      await recordAuditEvent(tx, {
        accountId: auth.accountId,
        projectId: auth.projectId,
        actor: auth.actor,
        action: change === 'add' ? 'check.tag_add' : 'check.tag_remove',
        target: `${checkTarget(row)}: tag "${t}"`,
      });
    return rows.length;
  });
  return { changed, unchanged: ids.length - changed };
}
