import { planLimits, type PlanName } from '@upmon/core';
import { randomToken } from '@upmon/crypto';
import type { Prisma, PrismaClient } from '@upmon/db';
import { isPlausibleEmail, normalizeEmail } from '@upmon/user-store';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { ApiError } from '../errors.js';
import type { ProjectScope } from '../project-scope.js';
import type { ListQuery } from '../validation/list-query.js';
import { SUBSCRIBER_LIMITS } from './subscriber-input.js';

export type SubscriberRow = Prisma.StatusPageSubscriberGetPayload<object>;

export interface SubscriberCounts {
  email_confirmed: number;
  email_pending: number;
  webhook: number;
}

/** The project's status page with its account's plan, or 404. */
async function pageOf(db: Prisma.TransactionClient, projectId: string): Promise<{ id: string; limit: number }> {
  const page = await db.statusPage.findUnique({ where: { projectId }, select: { id: true, project: { select: { account: { select: { plan: true } } } } } });
  if (!page) throw ApiError.notFound('this project has no status page');
  return { id: page.id, limit: planLimits(page.project.account.plan as PlanName).statusPageSubscribers };
}

/** Newest first (by created_at, `before` for the next page), with the page's counts. */
export async function listSubscribers(prisma: PrismaClient, projectId: string, query: ListQuery): Promise<{ rows: SubscriberRow[]; counts: SubscriberCounts }> {
  const page = await pageOf(prisma, projectId);
  const [rows, groups] = await Promise.all([
    prisma.statusPageSubscriber.findMany({
      where: { statusPageId: page.id, ...(query.before ? { createdAt: { lt: new Date(query.before) } } : {}) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: query.limit,
    }),
    prisma.$queryRaw<{ kind: string; confirmed: boolean; n: number }[]>`
      SELECT kind, confirmed_at IS NOT NULL AS confirmed, count(*)::int AS n FROM status_page_subscribers
       WHERE status_page_id = ${page.id}::uuid GROUP BY 1, 2`,
  ]);
  const count = (kind: string, confirmed?: boolean) =>
    groups.filter((g) => g.kind === kind && (confirmed === undefined || g.confirmed === confirmed)).reduce((n, g) => n + g.n, 0);
  return { rows, counts: { email_confirmed: count('email', true), email_pending: count('email', false), webhook: count('webhook') } };
}

/** How the audit log names a subscriber: never by its address or URL (the log is read by every member). */
const subscriberTarget = (s: { id: string; kind: string }) => `${s.kind} subscriber (${s.id})`;

/** Adds a webhook subscriber (confirmed: the page's owners chose it). 409 at the plan's limit or for a URL already there. */
export async function addWebhookSubscriber(prisma: PrismaClient, auth: ProjectScope, url: string, now: Date): Promise<SubscriberRow> {
  return prisma.$transaction(async (tx) => {
    const page = await pageOf(tx, auth.projectId);
    await tx.$queryRaw`SELECT 1 FROM status_pages WHERE id = ${page.id}::uuid FOR NO KEY UPDATE`;
    if ((await tx.statusPageSubscriber.count({ where: { statusPageId: page.id } })) >= page.limit) {
      throw new ApiError('conflict', `a status page has at most ${page.limit} subscribers on this plan`);
    }
    if (await tx.statusPageSubscriber.findUnique({ where: { statusPageId_url: { statusPageId: page.id, url } } })) {
      throw new ApiError('conflict', 'this URL is a subscriber of the page already');
    }
    const row = await tx.statusPageSubscriber.create({
      data: { statusPageId: page.id, kind: 'webhook', url, createdAt: now, confirmedAt: now, unsubscribeToken: randomToken(24) },
    });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'status_page_subscriber.create',
      target: subscriberTarget(row),
    });
    return row;
  });
}

/** Removes a subscriber of the project's page (its pending deliveries go with it), or 404. */
export async function removeSubscriber(prisma: PrismaClient, auth: ProjectScope, id: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const page = await pageOf(tx, auth.projectId);
    const row = await tx.statusPageSubscriber.findFirst({ where: { id, statusPageId: page.id } });
    if (!row) throw ApiError.notFound('subscriber not found');
    await tx.statusPageSubscriber.delete({ where: { id } });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'status_page_subscriber.remove',
      target: subscriberTarget(row),
    });
  });
}

/** A CSV field, quoted when it must be (RFC 4180); a leading =, +, - or @ is quoted too so spreadsheets take it as text. */
function csvField(v: string): string {
  return /[",\r\n]|^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The confirmed e-mail addresses as CSV (`email,confirmed_at`), oldest first; the export is audited. */
export async function exportSubscribers(prisma: PrismaClient, auth: ProjectScope): Promise<string> {
  return prisma.$transaction(async (tx) => {
    const page = await pageOf(tx, auth.projectId);
    const rows = await tx.statusPageSubscriber.findMany({
      where: { statusPageId: page.id, kind: 'email', confirmedAt: { not: null } },
      orderBy: [{ confirmedAt: 'asc' }, { id: 'asc' }],
      select: { email: true, confirmedAt: true },
    });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'status_page_subscriber.export',
      target: `${rows.length} e-mail subscribers`,
    });
    return `email,confirmed_at\r\n${rows.map((r) => `${csvField(r.email ?? '')},${r.confirmedAt?.toISOString() ?? ''}\r\n`).join('')}`;
  });
}

/** The first field of each line of a CSV text (RFC 4180 quotes), bounded by SUBSCRIBER_LIMITS. */
export function firstCsvColumn(csv: string): string[] {
  const out: string[] = [];
  for (const line of csv.split(/\r?\n/)) {
    if (out.length > SUBSCRIBER_LIMITS.importRowsMax) break;
    const t = line.trim();
    if (t === '') continue;
    // A quoted field is read from the line's first 400 characters (an address has at most 254).
    const quoted = t.startsWith('"') ? /^"((?:[^"]|"")*)"/.exec(t.slice(0, 400)) : null;
    out.push(quoted ? (quoted[1] as string).replace(/""/g, '"') : (t.split(',', 1)[0] as string));
  }
  return out;
}

export interface ImportResult {
  added: number;
  /** Already subscribers (confirmed ones stay; waiting ones become confirmed). */
  existing: number;
  /** Lines that are not an address: their 1-based numbers among the non-blank lines, the first 20. */
  invalid: number[];
}

/**
 * Imports confirmed e-mail addresses (people who subscribed elsewhere: the importer vouches for
 * their consent). At most SUBSCRIBER_LIMITS.importRowsMax addresses; 422 naming `csv` beyond, 409
 * when the page would pass its plan's limit (nothing is imported then). Audited with the counts.
 */
export async function importSubscribers(prisma: PrismaClient, auth: ProjectScope, csv: string, now: Date): Promise<ImportResult> {
  const cells = firstCsvColumn(csv);
  if (cells.length > SUBSCRIBER_LIMITS.importRowsMax) {
    throw ApiError.validation({ csv: [`must have at most ${SUBSCRIBER_LIMITS.importRowsMax} addresses`] });
  }
  const invalid: number[] = [];
  const emails = new Set<string>();
  cells.forEach((cell, i) => {
    const email = normalizeEmail(cell.slice(0, 320));
    if (i === 0 && email === 'email') return;
    if (email.length <= 254 && isPlausibleEmail(email)) emails.add(email);
    else if (invalid.length < 20) invalid.push(i + 1);
  });
  return prisma.$transaction(async (tx) => {
    const page = await pageOf(tx, auth.projectId);
    await tx.$queryRaw`SELECT 1 FROM status_pages WHERE id = ${page.id}::uuid FOR NO KEY UPDATE`;
    const list = [...emails];
    const existing = await tx.statusPageSubscriber.findMany({ where: { statusPageId: page.id, email: { in: list } }, select: { email: true } });
    const known = new Set(existing.map((e) => e.email));
    const fresh = list.filter((e) => !known.has(e));
    const total = await tx.statusPageSubscriber.count({ where: { statusPageId: page.id } });
    if (total + fresh.length > page.limit) {
      throw new ApiError('conflict', `a status page has at most ${page.limit} subscribers on this plan; it has ${total}, the import adds ${fresh.length}`);
    }
    await tx.statusPageSubscriber.updateMany({
      where: { statusPageId: page.id, email: { in: [...known] as string[] }, confirmedAt: null },
      data: { confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null },
    });
    await tx.statusPageSubscriber.createMany({
      data: fresh.map((email) => ({ statusPageId: page.id, kind: 'email', email, createdAt: now, confirmedAt: now, unsubscribeToken: randomToken(24) })),
      skipDuplicates: true,
    });
    await recordAuditEvent(tx, {
      accountId: auth.accountId,
      projectId: auth.projectId,
      actor: auth.actor,
      action: 'status_page_subscriber.import',
      target: `${fresh.length} e-mail subscribers added, ${known.size} already there`,
    });
    return { added: fresh.length, existing: known.size, invalid };
  });
}
