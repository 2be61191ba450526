import { findDependencyCycle } from '@upmon/core';
import type { Prisma } from '@upmon/db';
import { ApiError } from '../errors.js';

/** A cycle longer than this is named by its first and last checks only, so the message stays short. */
const CYCLE_NAMED_MAX = 8;

/**
 * Serialises every change of a project's dependency graph (a check's dependencies set, a check
 * deleted): two concurrent updates (a → b and b → a) would each see no cycle on their own. The
 * project row's FOR NO KEY UPDATE lock conflicts only with itself and stronger locks, not with the
 * FOR KEY SHARE that inserting a check or integration of the project takes. Take it before locking
 * any check row (lock order: account, project, checks), so it cannot deadlock with a deletion.
 */
export async function lockDependencyGraph(tx: Prisma.TransactionClient, projectId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM projects WHERE id = ${projectId}::uuid FOR NO KEY UPDATE`;
}

/**
 * Checks a check's new dependencies against the project as it is now (the caller holds
 * lockDependencyGraph): each must be another check of the same project, listed once, and the
 * graph must stay free of cycles. Throws 422 on `depends_on` naming what is wrong (an id from
 * another project is "not a check of this project", like an unknown one: nothing leaks). Returns
 * the ids to store, in the order given.
 */
export async function validateDependencies(tx: Prisma.TransactionClient, projectId: string, checkId: string, dependsOn: string[]): Promise<string[]> {
  const refuse = (message: string): never => {
    throw ApiError.validation({ depends_on: [message] });
  };
  if (new Set(dependsOn).size !== dependsOn.length) refuse('must not list a check twice');
  if (dependsOn.includes(checkId)) refuse('a check cannot depend on itself');
  if (dependsOn.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: string; name: string; depends_on: string[] | null }[]>`
    SELECT id::text, name, depends_on::text[] FROM checks WHERE project_id = ${projectId}::uuid`;
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const unknown = dependsOn.filter((id) => !names.has(id));
  if (unknown.length > 0) refuse(`${unknown.join(', ')} ${unknown.length === 1 ? 'is not a check' : 'are not checks'} of this project`);
  const graph = new Map(rows.map((r) => [r.id, r.depends_on ?? []]));
  const cycle = findDependencyCycle(graph, checkId, dependsOn);
  if (cycle) refuse(`would create a dependency cycle: ${cycleInWords(cycle, (id) => names.get(id) ?? 'this check')}`);
  return dependsOn;
}

/** `"a" → "b" → "a"`, the middle elided when long. */
function cycleInWords(cycle: string[], nameOf: (id: string) => string): string {
  const named = cycle.map((id) => JSON.stringify(nameOf(id)));
  if (named.length <= CYCLE_NAMED_MAX) return named.join(' → ');
  return [...named.slice(0, CYCLE_NAMED_MAX / 2), `… (${named.length - CYCLE_NAMED_MAX} more)`, ...named.slice(-CYCLE_NAMED_MAX / 2)].join(' → ');
}

/**
 * Deleting a check: it leaves the dependencies of every other check of its project, in the
 * deletion's transaction (after lockDependencyGraph), so no check names a check that is gone.
 */
export async function removeFromDependencies(tx: Prisma.TransactionClient, projectId: string, checkId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE checks SET depends_on = array_remove(depends_on, ${checkId}::uuid)
     WHERE project_id = ${projectId}::uuid AND ${checkId}::uuid = ANY(depends_on)`;
}
