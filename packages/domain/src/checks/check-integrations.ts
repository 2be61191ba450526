import type { PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';

/** An integration of the project and whether it is on for the check. */
export interface CheckIntegration {
  id: number;
  name: string;
  kind: string;
  enabled: boolean;
  on: boolean;
}

/** The integrations' tags rule: null (every check) or a check with one of its tags. */
const tagsRuleSelects = (tags: unknown, checkTags: readonly string[]) =>
  !Array.isArray(tags) || tags.some((t) => typeof t === 'string' && checkTags.includes(t));

/**
 * Which of the project's integrations notify about the check: its explicit assignment when it has
 * one (Healthchecks' per-check channels), else each integration's tags rule (core's
 * `integrationMatches`, which also needs the integration enabled and subscribed to the event).
 */
export async function listCheckIntegrations(
  prisma: Pick<PrismaClient, 'check' | 'integration'>,
  projectId: string,
  checkId: string,
): Promise<CheckIntegration[]> {
  const [check, integrations] = await Promise.all([
    prisma.check.findFirst({ where: { id: checkId, projectId }, select: { tags: true, integrationsExplicit: true, integrationIds: true } }),
    prisma.integration.findMany({
      where: { projectId },
      select: { id: true, name: true, kind: true, enabled: true, tags: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
  ]);
  if (!check) throw ApiError.notFound('check not found');
  return integrations.map((i) => ({
    id: i.id,
    name: i.name,
    kind: i.kind,
    enabled: i.enabled,
    on: check.integrationsExplicit ? check.integrationIds.includes(i.id) : tagsRuleSelects(i.tags, check.tags),
  }));
}

/**
 * Switches one integration on or off for one check (docs/web.md, "Integrations of a check"). The
 * first switch turns the tags rule's choice into an explicit assignment (as the Healthchecks API's
 * `channels` does), so switching one leaves the others as they were. Locked, so two switches at
 * once both count.
 */
export async function setCheckIntegration(prisma: PrismaClient, auth: ProjectScope, checkId: string, integrationId: number, on: boolean): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM checks WHERE id = ${checkId}::uuid FOR UPDATE`;
    const integration = await tx.integration.findFirst({ where: { id: integrationId, projectId: auth.projectId }, select: { id: true } });
    if (!integration) throw ApiError.notFound('integration not found');
    const current = await listCheckIntegrations(tx, auth.projectId, checkId);
    const ids = current.filter((i) => (i.id === integrationId ? on : i.on)).map((i) => i.id);
    await tx.check.update({ where: { id: checkId }, data: { integrationsExplicit: true, integrationIds: ids } });
  });
}
