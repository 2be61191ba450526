import { isDeepStrictEqual } from 'node:util';
import type { Check, Integration, PrismaClient } from '@upmon/db';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { checkTarget, createCheck, isUniqueViolation } from '../checks/create-check.js';
import { deleteCheck } from '../checks/delete-check.js';
import { validateCheckInput } from '../checks/check-input.js';
import { updateCheck, type CheckUpdateDeps } from '../checks/update-check.js';
import { createIntegration } from '../integrations/create-integration.js';
import { deleteIntegration, integrationTarget } from '../integrations/delete-integration.js';
import type { TelegramLinkSettings } from '../integrations/telegram-link.js';
import { storedIntegrationBody, updateIntegration } from '../integrations/update-integration.js';
import { validateIntegrationInput } from '../integrations/integration-input.js';
import type { EmailVerificationIssue } from '../email-verification/email-verification-token.js';
import { ApiError, addFieldError, type FieldErrors } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import { spendCheckChange } from '../rate-limits/spend-budgets.js';
import { checkCodeForm, CODE_KEY_PATTERN, codeEtag, integrationCodeForm, secretPaths, type CodeForm, type CodeResourceType } from './code-forms.js';
import { liveCheckForm, projectKeys } from './code-project.js';
import { PROBE_COLUMNS } from '@upmon/check-store';
import { isProbedKind } from '@upmon/core';

/** The request's precondition: `If-Match: <etag>` (change what was planned) or `If-None-Match: *` (create only). */
export interface Precondition {
  ifMatch?: string;
  ifNoneMatch?: boolean;
}

export interface CodeApplyDeps extends CheckUpdateDeps {
  telegram: TelegramLinkSettings;
}

export interface AppliedResource {
  type: CodeResourceType;
  key: string;
  id: string | number;
  action: 'created' | 'updated' | 'unchanged';
  etag: string;
  /** A new e-mail integration's (or a changed address's) verification link, for the caller to mail. */
  emailVerification?: EmailVerificationIssue & { to: string };
  /** A new telegram integration's link to open. */
  telegramDeepLink?: string;
}

type Keys = Awaited<ReturnType<typeof projectKeys>>;
const invert = <K, V>(m: Map<K, V>) => new Map([...m].map(([k, v]) => [v, k]));

function requireKey(key: string): void {
  if (!CODE_KEY_PATTERN.test(key))
    throw ApiError.validation({ key: ["must be 1 to 100 characters of a-z, 0-9, '-' and '_', starting with a letter or digit"] });
}

function stale(type: CodeResourceType, key: string, what: string): ApiError {
  return new ApiError('precondition_failed', `the ${type} "${key}" ${what} since it was planned (another apply or an edit in the app); plan again`);
}

/** Checks the precondition of a write to an existing resource (`etag` its current tag) or to a missing one (null). */
function checkPrecondition(type: CodeResourceType, key: string, pre: Precondition, etag: string | null): void {
  if (pre.ifMatch === undefined && !pre.ifNoneMatch)
    throw new ApiError('precondition_required', 'send If-Match with the ETag from the plan, or If-None-Match: * to create');
  if (etag === null && pre.ifMatch !== undefined) throw stale(type, key, 'was deleted');
  if (etag !== null && pre.ifNoneMatch) throw stale(type, key, 'was created');
  if (etag !== null && pre.ifMatch !== undefined && pre.ifMatch !== etag) throw stale(type, key, 'was changed');
}

/** Keys of references → ids; an unknown key is a field error. */
function resolveRefs<T>(field: string, refs: readonly string[], byKey: Map<string, T>, type: CodeResourceType, errors: FieldErrors): T[] {
  return refs.flatMap((ref, i) => {
    const id = byKey.get(ref);
    if (id === undefined) addFieldError(errors, `${field}.${i}`, `no ${type} with key "${ref}" in this project`);
    return id === undefined ? [] : [id];
  });
}

const checkSealed = (row: Check) => (isProbedKind(row.kind) && PROBE_COLUMNS[row.kind].secrets ? [row[PROBE_COLUMNS[row.kind].secrets!]] : []);

function checkState(row: Check, deps: CodeApplyDeps, keys: Keys): { form: CodeForm; etag: string } {
  const form = liveCheckForm(row, deps.cipher, keys.checks, keys.integrations);
  return { form, etag: codeEtag(row.id, form, secretPaths('check', row.kind), checkSealed(row)) };
}

function integrationState(row: Integration, deps: CodeApplyDeps): { form: CodeForm; etag: string } {
  const form = integrationCodeForm(storedIntegrationBody(row, deps.cipher));
  return { form, etag: codeEtag(row.id, form, secretPaths('integration', row.kind), [row.config]) };
}

/**
 * Creates or updates the check of the project applied under `key` (docs/monitoring-as-code.md,
 * "Apply"): idempotent (a body equal to the live check writes nothing), conditional on the planned
 * entity tag, checked on the locked row, so of two applies racing on one check one fails with 412.
 * A check made by hand whose derived key this is becomes managed by code.
 */
export async function applyCodeCheck(
  deps: CodeApplyDeps,
  auth: ProjectScope,
  key: string,
  body: Record<string, unknown>,
  pre: Precondition,
): Promise<AppliedResource> {
  requireKey(key);
  const form = checkCodeForm(body);
  const keys = await projectKeys(deps.prisma, auth.projectId);
  const errors: FieldErrors = {};
  const dependsOn = resolveRefs('depends_on', form.depends_on as string[], invert(keys.checks), 'check', errors);
  const integrationIds =
    form.integrations === null ? null : resolveRefs('integrations', form.integrations as string[], invert(keys.integrations), 'integration', errors);
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  const { depends_on: _d, integrations: _i, slug: _s, ...fields } = body;
  const id = invert(keys.checks).get(key);

  if (id === undefined) {
    checkPrecondition('check', key, pre, null);
    await spendCheckChange(deps.rateLimiter, deps.config.redisPrefix, 'create', auth.accountId);
    const input = validateCheckInput({ ...fields, ...(form.slug === null ? {} : { slug: form.slug }), depends_on: dependsOn });
    const row = await createCheck(deps, auth, input, { codeKey: key, integrationIds });
    return { type: 'check', key, id: row.id, action: 'created', etag: await currentCheckEtag(deps, auth, row.id) };
  }
  const stored = await deps.prisma.check.findUniqueOrThrow({ where: { id } });
  const live = checkState(stored, deps, keys);
  if (live.form.kind !== form.kind) throw ApiError.validation({ kind: [`cannot change from ${String(live.form.kind)}; give the check a new key instead`] });
  // Already as desired (a second apply, or the other of two identical ones): nothing to write.
  if (isDeepStrictEqual(live.form, form) && stored.codeKey === key) return { type: 'check', key, id, action: 'unchanged', etag: live.etag };
  await updateCheck(
    deps,
    auth,
    id,
    { ...fields, depends_on: dependsOn },
    {
      codeKey: key,
      slug: form.slug as string | null,
      integrationIds,
      beforeWrite: (row) => checkPrecondition('check', key, pre, checkState(row, deps, keys).etag),
    },
  );
  await recordAuditEvent(deps.prisma, {
    accountId: auth.accountId,
    projectId: auth.projectId,
    actor: auth.actor,
    action: 'check.apply',
    target: checkTarget(stored),
  });
  return { type: 'check', key, id, action: 'updated', etag: await currentCheckEtag(deps, auth, id) };
}

async function currentCheckEtag(deps: CodeApplyDeps, auth: ProjectScope, id: string): Promise<string> {
  const [row, keys] = await Promise.all([deps.prisma.check.findUniqueOrThrow({ where: { id } }), projectKeys(deps.prisma, auth.projectId)]);
  return checkState(row, deps, keys).etag;
}

/** The integration side of applyCodeCheck. `beforeVerificationMail` spends the mail budget of an e-mail integration's link. */
export async function applyCodeIntegration(
  deps: CodeApplyDeps,
  auth: ProjectScope,
  key: string,
  body: Record<string, unknown>,
  pre: Precondition,
  beforeVerificationMail: () => Promise<void>,
): Promise<AppliedResource> {
  requireKey(key);
  const form = integrationCodeForm(body);
  const keys = await projectKeys(deps.prisma, auth.projectId);
  const id = invert(keys.integrations).get(key);
  const now = deps.clock.now();
  const etagOf = async (rowId: number) => integrationState(await deps.prisma.integration.findUniqueOrThrow({ where: { id: rowId } }), deps).etag;

  if (id === undefined) {
    checkPrecondition('integration', key, pre, null);
    const input = validateIntegrationInput(body);
    if (input.kind === 'email') await beforeVerificationMail();
    try {
      const created = await createIntegration(deps.prisma, deps.cipher, deps.telegram, auth, input, now, key);
      return { type: 'integration', key, id: created.row.id, action: 'created', etag: await etagOf(created.row.id), ...created };
    } catch (err) {
      if (isUniqueViolation(err, 'code_key')) throw stale('integration', key, 'was created');
      throw err;
    }
  }
  const stored = await deps.prisma.integration.findUniqueOrThrow({ where: { id } });
  const live = integrationState(stored, deps);
  if (live.form.kind !== form.kind)
    throw ApiError.validation({ kind: [`cannot change from ${String(live.form.kind)}; give the integration a new key instead`] });
  if (isDeepStrictEqual(live.form, form) && stored.codeKey === key) return { type: 'integration', key, id, action: 'unchanged', etag: live.etag };
  const updated = await updateIntegration(deps.prisma, deps.cipher, auth, id, body, {
    now,
    beforeVerificationMail,
    codeKey: key,
    beforeWrite: (row) => checkPrecondition('integration', key, pre, integrationState(row, deps).etag),
  });
  await recordAuditEvent(deps.prisma, {
    accountId: auth.accountId,
    projectId: auth.projectId,
    actor: auth.actor,
    action: 'integration.apply',
    target: integrationTarget(stored),
  });
  return { type: 'integration', key, id, action: 'updated', etag: await etagOf(id), emailVerification: updated.emailVerification };
}

/** `--prune`: deletes the resource applied under `key`, if it is still as planned (If-Match required). */
export async function deleteCodeResource(deps: CodeApplyDeps, auth: ProjectScope, type: CodeResourceType, key: string, pre: Precondition): Promise<void> {
  requireKey(key);
  if (pre.ifMatch === undefined) throw new ApiError('precondition_required', 'send If-Match with the ETag from the plan');
  const keys = await projectKeys(deps.prisma, auth.projectId);
  if (type === 'check') {
    const id = invert(keys.checks).get(key);
    if (id === undefined) throw stale(type, key, 'was deleted');
    checkPrecondition(type, key, pre, checkState(await deps.prisma.check.findUniqueOrThrow({ where: { id } }), deps, keys).etag);
    await deleteCheck(deps.prisma as PrismaClient, deps.rateLimiter, deps.config.redisPrefix, auth, id);
  } else {
    const id = invert(keys.integrations).get(key);
    if (id === undefined) throw stale(type, key, 'was deleted');
    checkPrecondition(type, key, pre, integrationState(await deps.prisma.integration.findUniqueOrThrow({ where: { id } }), deps).etag);
    await deleteIntegration(deps.prisma, auth, id);
  }
}
