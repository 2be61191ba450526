import type { Prisma } from '@upmon/db';
import { ApiError, addFieldError, type FieldErrors } from '../errors.js';
import type { IncidentComponentInput } from './incident-input.js';

/** A component as stored: a check of the page or a named group of it, its name then, its impact. */
export interface StoredComponent {
  checkId: string | null;
  groupName: string | null;
  name: string;
  impact: IncidentComponentInput['impact'];
}

/**
 * The components of an incident against its page as it is now: each check must be shown on the
 * page and each group must be one of its named groups, each once. 422 naming each bad entry.
 */
export async function resolveComponents(tx: Prisma.TransactionClient, pageId: string, components: IncidentComponentInput[]): Promise<StoredComponent[]> {
  if (components.length === 0) return [];
  const groups = await tx.statusPageGroup.findMany({
    where: { statusPageId: pageId },
    select: { name: true, checks: { select: { check: { select: { id: true, name: true } } } } },
  });
  const groupNames = new Set(groups.map((g) => g.name).filter((n) => n !== ''));
  const checkNames = new Map(groups.flatMap((g) => g.checks.map((c): [string, string] => [c.check.id, c.check.name])));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const stored = components.map((c, i): StoredComponent => {
    const field = c.check !== undefined ? `components.${i}.check` : `components.${i}.group`;
    const key = c.check !== undefined ? `check:${c.check}` : `group:${c.group}`;
    if (seen.has(key)) addFieldError(errors, field, 'is already listed');
    seen.add(key);
    if (c.check !== undefined) {
      const name = checkNames.get(c.check);
      if (name === undefined) addFieldError(errors, field, 'is not a check shown on the status page');
      return { checkId: c.check, groupName: null, name: name ?? '', impact: c.impact };
    }
    const group = c.group as string;
    if (!groupNames.has(group)) addFieldError(errors, field, 'is not a named group of the status page');
    return { checkId: null, groupName: group, name: group, impact: c.impact };
  });
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  return stored;
}
