import { PROBE_COLUMNS } from '@upmon/check-store';
import { isProbedKind } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { Check, Integration, Prisma, PrismaClient } from '@upmon/db';
import { storedProbeConfig } from '../checks/check-columns.js';
import { storedAsInput } from '../checks/update-check.js';
import { storedIntegrationBody } from '../integrations/update-integration.js';
import { checkCodeForm, codeEtag, integrationCodeForm, secretPaths, type CodeForm, type CodeResourceType } from './code-forms.js';

/** A resource of the project as the files name it. */
export interface LiveResource {
  type: CodeResourceType;
  key: string;
  id: string | number;
  /** Applied from code (it carries its key); false: made by hand, its key derived (see keyedRows). */
  managed: boolean;
  form: CodeForm;
  etag: string;
  secrets: string[];
}

export interface LiveProject {
  checks: Map<string, LiveResource>;
  integrations: Map<string, LiveResource>;
}

type Db = PrismaClient | Prisma.TransactionClient;

/** A name made a key: lowercase letters, digits, '-' and '_' (a name with none of them: `fallback`). */
function keyOfName(name: string, fallback: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, 90);
  return key === '' ? fallback : key;
}

/**
 * Each row with its key: the key it was applied under, else (made by hand) its slug (`preferred`)
 * when free, else its name made a key, `-2`, `-3`… added in order of creation where taken. The same
 * project always gives the same keys, so files exported from a hand-made project name its
 * resources on the next plan too.
 */
export function keyedRows<T extends { codeKey: string | null; createdAt: Date; id: string | number }>(
  rows: readonly T[],
  derive: (row: T) => string,
  preferred: (row: T) => string | null = () => null,
): [string, T][] {
  const taken = new Set(rows.flatMap((r) => (r.codeKey ? [r.codeKey] : [])));
  const ordered = [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || String(a.id).localeCompare(String(b.id)));
  const keys = new Map<T, string>();
  for (const row of ordered) {
    const wanted = row.codeKey ?? preferred(row);
    if (row.codeKey || (wanted !== null && !taken.has(wanted))) {
      keys.set(row, wanted!);
      taken.add(wanted!);
    }
  }
  return ordered.map((row) => {
    const known = keys.get(row);
    if (known !== undefined) return [known, row];
    const base = preferred(row) ?? derive(row);
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base.slice(0, 90)}-${n}`;
    taken.add(key);
    return [key, row];
  });
}

export const checkKeyOf = (row: Pick<Check, 'name'>) => keyOfName(row.name, 'check');
export const checkSlugOf = (row: Pick<Check, 'slug'>) => row.slug;
export const integrationKeyOf = (row: Pick<Integration, 'name'>) => keyOfName(row.name, 'integration');

/** The sealed columns of a check's credentials (part of its entity tag). */
function sealedOf(row: Check): (Uint8Array | null)[] {
  if (!isProbedKind(row.kind)) return [];
  const column = PROBE_COLUMNS[row.kind].secrets;
  return column ? [row[column]] : [];
}

/** Keys of the project's checks and integrations, by id, without reading their settings. */
export async function projectKeys(db: Db, projectId: string): Promise<{ checks: Map<string, string>; integrations: Map<number, string> }> {
  const [checks, integrations] = await Promise.all([
    db.check.findMany({ where: { projectId }, select: { id: true, codeKey: true, slug: true, name: true, createdAt: true } }),
    db.integration.findMany({ where: { projectId }, select: { id: true, codeKey: true, name: true, createdAt: true } }),
  ]);
  return {
    checks: new Map(keyedRows(checks, checkKeyOf, checkSlugOf).map(([key, r]) => [r.id, key])),
    integrations: new Map(keyedRows(integrations, integrationKeyOf).map(([key, r]) => [r.id, key])),
  };
}

/** Every check and integration of the project in code form, by key. */
export async function readLiveProject(db: Db, cipher: Cipher, projectId: string): Promise<LiveProject> {
  const [checks, integrations] = await Promise.all([db.check.findMany({ where: { projectId } }), db.integration.findMany({ where: { projectId } })]);
  const checkKeys = keyedRows(checks, checkKeyOf, checkSlugOf);
  const integrationKeys = keyedRows(integrations, integrationKeyOf);
  const checkKeyById = new Map(checkKeys.map(([key, r]) => [r.id, key]));
  const integrationKeyById = new Map(integrationKeys.map(([key, r]) => [r.id, key]));
  return {
    checks: new Map(
      checkKeys.map(([key, row]) => {
        const form = liveCheckForm(row, cipher, checkKeyById, integrationKeyById);
        const secrets = secretPaths('check', row.kind);
        return [key, { type: 'check', key, id: row.id, managed: row.codeKey !== null, form, secrets, etag: codeEtag(row.id, form, secrets, sealedOf(row)) }];
      }),
    ),
    integrations: new Map(
      integrationKeys.map(([key, row]) => {
        const form = integrationCodeForm(storedIntegrationBody(row, cipher));
        const secrets = secretPaths('integration', row.kind);
        return [
          key,
          { type: 'integration', key, id: row.id, managed: row.codeKey !== null, form, secrets, etag: codeEtag(row.id, form, secrets, [row.config]) },
        ];
      }),
    ),
  };
}

/** One stored check in code form, its references made keys. */
export function liveCheckForm(row: Check, cipher: Cipher, checkKeys: Map<string, string>, integrationKeys: Map<number, string>): CodeForm {
  return checkCodeForm({
    ...storedAsInput(row, storedProbeConfig(row, cipher)),
    slug: row.slug,
    depends_on: row.dependsOn.flatMap((id) => checkKeys.get(id) ?? []),
    integrations: row.integrationsExplicit ? row.integrationIds.flatMap((id) => integrationKeys.get(id) ?? []) : null,
  });
}

/** The key a check was applied under (the web app's "managed by code" notice), or null when made by hand. */
export async function readCheckCodeKey(db: Db, checkId: string): Promise<string | null> {
  return (await db.check.findUnique({ where: { id: checkId }, select: { codeKey: true } }))?.codeKey ?? null;
}
