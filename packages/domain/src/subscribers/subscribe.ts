import { planLimits, type PlanName } from '@upmon/core';
import { randomToken, sha256Hex } from '@upmon/crypto';
import { Prisma, type PrismaClient } from '@upmon/db';
import { isPlausibleEmail, normalizeEmail } from '@upmon/user-store';
import { ApiError } from '../errors.js';

/** How long a confirmation link works. */
export const SUBSCRIPTION_CONFIRM_TTL_MS = 24 * 3_600_000;

/** What to mail after a subscription request: a confirmation link, or nothing (already confirmed). */
export interface SubscriptionRequest {
  pageTitle: string;
  mail: { to: string; token: string; pageTitle: string; expiresAt: Date } | null;
}

/** The address as stored (trimmed, lower-cased), or a 400 naming the field. Bounded before any regex. */
export function subscriberEmail(raw: string): string {
  const invalid = (message: string) => ApiError.validation({ email: [message] }, message);
  if (raw.length > 320) throw invalid('email must be at most 254 characters');
  const email = normalizeEmail(raw);
  if (email === '') throw invalid('email cannot be empty');
  if (email.length > 254) throw invalid('email must be at most 254 characters');
  if (!isPlausibleEmail(email)) throw invalid('email must be an e-mail address');
  return email;
}

/**
 * Someone asked for a page's news at `email` (docs/status-pages.md, "Subscribers"). A new or
 * unconfirmed address gets a fresh confirmation token (the previous link stops working); a
 * confirmed one gets nothing, and the caller answers the same either way (no address is revealed).
 * 404 for an unknown or unpublished page; 409 when the page has its plan's number of subscribers.
 */
export async function requestSubscription(prisma: PrismaClient, publicKey: string, email: string, now: Date): Promise<SubscriptionRequest> {
  try {
    return await requestOnce(prisma, publicKey, email, now);
  } catch (err) {
    // Two requests for a new address at once: the one that lost the insert asks again (it updates).
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return requestOnce(prisma, publicKey, email, now);
    throw err;
  }
}

async function requestOnce(prisma: PrismaClient, publicKey: string, email: string, now: Date): Promise<SubscriptionRequest> {
  return prisma.$transaction(async (tx) => {
    const page = await tx.statusPage.findFirst({
      where: { publicKey, enabled: true },
      select: { id: true, title: true, project: { select: { account: { select: { plan: true } } } } },
    });
    if (!page) throw ApiError.notFound('status page not found');
    const existing = await tx.statusPageSubscriber.findUnique({ where: { statusPageId_email: { statusPageId: page.id, email } } });
    if (existing?.confirmedAt) return { pageTitle: page.title, mail: null };
    if (!existing) {
      const limit = planLimits(page.project.account.plan as PlanName).statusPageSubscribers;
      if ((await tx.statusPageSubscriber.count({ where: { statusPageId: page.id } })) >= limit) {
        throw new ApiError('conflict', 'this status page takes no more subscribers');
      }
    }
    const token = randomToken(24);
    const expiresAt = new Date(now.getTime() + SUBSCRIPTION_CONFIRM_TTL_MS);
    const pending = { confirmTokenHash: sha256Hex(token), confirmExpiresAt: expiresAt };
    await tx.statusPageSubscriber.upsert({
      where: { statusPageId_email: { statusPageId: page.id, email } },
      create: { statusPageId: page.id, email, createdAt: now, unsubscribeToken: randomToken(24), ...pending },
      update: pending,
    });
    return { pageTitle: page.title, mail: { to: email, token, pageTitle: page.title, expiresAt } };
  });
}

/** The page title a usable confirmation token belongs to (for its page), or null. */
export async function findPendingSubscription(prisma: PrismaClient, publicKey: string, token: string, now: Date): Promise<{ pageTitle: string } | null> {
  const row = await prisma.statusPageSubscriber.findUnique({
    where: { confirmTokenHash: sha256Hex(token) },
    select: { confirmExpiresAt: true, statusPage: { select: { publicKey: true, title: true } } },
  });
  if (!row || row.statusPage.publicKey !== publicKey || !row.confirmExpiresAt || row.confirmExpiresAt <= now) return null;
  return { pageTitle: row.statusPage.title };
}

/** Confirms the subscription the token names (once, before it expires); false when it is not usable. */
export async function confirmSubscription(prisma: PrismaClient, publicKey: string, token: string, now: Date): Promise<boolean> {
  const { count } = await prisma.statusPageSubscriber.updateMany({
    where: { confirmTokenHash: sha256Hex(token), confirmExpiresAt: { gt: now }, statusPage: { publicKey } },
    data: { confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null },
  });
  return count === 1;
}

/** The page title of the subscription an unsubscribe token names, or null. */
export async function findSubscriptionByUnsubscribeToken(prisma: PrismaClient, publicKey: string, token: string): Promise<{ pageTitle: string } | null> {
  const row = await prisma.statusPageSubscriber.findUnique({
    where: { unsubscribeToken: token },
    select: { statusPage: { select: { publicKey: true, title: true } } },
  });
  return row && row.statusPage.publicKey === publicKey ? { pageTitle: row.statusPage.title } : null;
}

/**
 * Removes the subscription (its deliveries not yet sent go with it). Idempotent: a second click,
 * or a mail client's one-click POST after the person's own, is not an error.
 */
export async function unsubscribe(prisma: PrismaClient, publicKey: string, token: string): Promise<void> {
  await prisma.statusPageSubscriber.deleteMany({ where: { unsubscribeToken: token, statusPage: { publicKey } } });
}
