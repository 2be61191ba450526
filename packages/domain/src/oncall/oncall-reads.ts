import type { Layer, OnCallSchedule, Restriction, RotationUnit } from '@upmon/core';
import type { OncallLayer, OncallOverride, OncallSchedule, Prisma, PrismaClient } from '@upmon/db';
import { ApiError } from '../errors.js';

export type OncallScheduleWithLayers = OncallSchedule & { layers: OncallLayer[] };

const LAYER_ORDER = [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] satisfies Prisma.OncallLayerOrderByWithRelationInput[];
/** Overrides in the order they were made: where two overlap, the later wins (docs/oncall.md). */
const OVERRIDE_ORDER = [{ createdAt: 'asc' }, { id: 'asc' }] satisfies Prisma.OncallOverrideOrderByWithRelationInput[];

export function listOncallSchedules(prisma: PrismaClient, projectId: string): Promise<OncallScheduleWithLayers[]> {
  return prisma.oncallSchedule.findMany({
    where: { projectId },
    include: { layers: { orderBy: LAYER_ORDER } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** A schedule of the project with its layers bottom to top; 404 otherwise. */
export async function findOncallSchedule(db: Prisma.TransactionClient, projectId: string, id: string): Promise<OncallScheduleWithLayers> {
  const row = await db.oncallSchedule.findFirst({ where: { id, projectId }, include: { layers: { orderBy: LAYER_ORDER } } });
  if (!row) throw ApiError.notFound('on-call schedule not found');
  return row;
}

/** The schedule whose iCal feed the token names, or null. */
export function findOncallScheduleByFeedToken(prisma: PrismaClient, token: string): Promise<OncallScheduleWithLayers | null> {
  return prisma.oncallSchedule.findUnique({ where: { icalToken: token }, include: { layers: { orderBy: LAYER_ORDER } } });
}

/** Overrides of a schedule that overlap [from, to), oldest first. */
export function overridesBetween(prisma: PrismaClient, scheduleId: string, from: Date, to: Date): Promise<OncallOverride[]> {
  return prisma.oncallOverride.findMany({ where: { scheduleId, startsAt: { lt: to }, endsAt: { gt: from } }, orderBy: OVERRIDE_ORDER });
}

export function layerOf(row: OncallLayer): Layer {
  return {
    userIds: row.userIds,
    rotation: { unit: row.rotationUnit as RotationUnit, count: row.rotationCount },
    anchorDate: row.anchorDate,
    handoffTime: row.handoffTime,
    tz: row.tz,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    restrictions: row.restrictions as unknown as Restriction[],
  };
}

/** What @upmon/core computes on: the stored layers and the overrides loaded for a range. */
export function scheduleModelOf(row: OncallScheduleWithLayers, overrides: readonly OncallOverride[]): OnCallSchedule {
  return {
    layers: row.layers.map(layerOf),
    overrides: overrides.map((o) => ({ userId: o.userId, start: o.startsAt, end: o.endsAt })),
  };
}

/** Display names of users by id (a shift shows who, not only an id). */
export async function userNames(prisma: PrismaClient, ids: Iterable<string>): Promise<Map<string, string>> {
  const rows = await prisma.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true, email: true } });
  return new Map(rows.map((u) => [u.id, u.name || u.email]));
}

/** The account's members who can be put on call, by name (the override form's choices). */
export async function oncallCandidates(prisma: PrismaClient, accountId: string): Promise<{ id: string; name: string }[]> {
  const rows = await prisma.membership.findMany({ where: { accountId }, select: { user: { select: { id: true, name: true, email: true } } }, take: 1000 });
  return rows.map((m) => ({ id: m.user.id, name: m.user.name || m.user.email })).sort((a, b) => a.name.localeCompare(b.name));
}
