import {
  BURN_ALERTS,
  burnAlertStates,
  latencyAttainment,
  sloAttainment,
  sloWindowRange,
  type BurnAlertState,
  type LatencyAttainment,
  type SloAttainment,
  type SloWindow,
} from '@upmon/core';
import type { PrismaClient, Slo } from '@upmon/db';
import type pg from 'pg';
import { readCheckTimelines, type TimelineCheck } from './check-timelines-read.js';

const DAY_MS = 86_400_000;
const LONGEST_BURN_WINDOW_MS = Math.max(...BURN_ALERTS.map((a) => a.longMs));

/** Where an SLO stands at `now`: attainment and budget over its window, burn alerts, latency. */
export interface SloStatus {
  slo: Slo;
  checks: number;
  attainment: SloAttainment;
  burn: BurnAlertState[];
  latency: LatencyAttainment | null;
}

export function sloWindowOf(slo: Pick<Slo, 'windowKind' | 'windowDays' | 'tz'>): SloWindow {
  return slo.windowKind === 'calendar_month' ? { kind: 'calendar_month', tz: slo.tz } : { kind: 'rolling', days: slo.windowDays as 7 | 28 | 30 };
}

/** The window a burn rate is measured against: its length, 30 days for a calendar month. */
export function budgetWindowMs(slo: Pick<Slo, 'windowKind' | 'windowDays'>): number {
  return (slo.windowKind === 'calendar_month' ? 30 : (slo.windowDays ?? 30)) * DAY_MS;
}

/** The checks an SLO is about: its check, or the project's checks with its tag now. */
export function sloChecks(prisma: PrismaClient, slo: Pick<Slo, 'projectId' | 'checkId' | 'tag'>): Promise<(TimelineCheck & { kind: string })[]> {
  return prisma.check.findMany({
    where: { projectId: slo.projectId, ...(slo.checkId ? { id: slo.checkId } : { tags: { has: slo.tag as string } }) },
    select: { id: true, projectId: true, tags: true, createdAt: true, kind: true },
  });
}

/**
 * An SLO's status at `now` (docs/slos.md): core's arithmetic over its checks' flips and
 * maintenance, and for a latency objective the hourly response-time rollups of its probed checks
 * in the window (hours that began in it; the rollups keep 35 days).
 */
export async function readSloStatus(deps: { pool: pg.Pool; prisma: PrismaClient }, slo: Slo, now: Date): Promise<SloStatus> {
  const t = now.getTime();
  const range = sloWindowRange(sloWindowOf(slo), t);
  const checks = await sloChecks(deps.prisma, slo);
  const timelines = [
    ...(await readCheckTimelines(deps, slo.projectId, checks, Math.min(range.from, t - LONGEST_BURN_WINDOW_MS), Math.max(range.to, t))).values(),
  ];
  const target = slo.targetPercent / 100;
  let latency: LatencyAttainment | null = null;
  if (slo.latencyThresholdMs !== null) {
    const probed = checks.filter((c) => c.kind !== 'heartbeat').map((c) => c.id);
    const rollups = await deps.prisma.probeRollup.findMany({
      where: { checkId: { in: probed }, resolution: 60, bucket: { gte: new Date(range.from), lt: new Date(Math.min(range.to, t)) } },
      select: { probes: true, hist: true },
    });
    latency = latencyAttainment(rollups, slo.latencyThresholdMs);
  }
  return {
    slo,
    checks: checks.length,
    attainment: sloAttainment({ timelines, target, range, now: t }),
    burn: burnAlertStates({ timelines, target, budgetWindowMs: budgetWindowMs(slo), now: t }),
    latency,
  };
}

/** Where each SLO about a check stands (its own, and its tags'), oldest first: the check page's error budget section. */
export async function readCheckSloStatuses(
  deps: { pool: pg.Pool; prisma: PrismaClient },
  check: { id: string; projectId: string; tags: readonly string[] },
  now: Date,
): Promise<SloStatus[]> {
  const slos = await deps.prisma.slo.findMany({
    where: { projectId: check.projectId, OR: [{ checkId: check.id }, ...(check.tags.length > 0 ? [{ tag: { in: [...check.tags] } }] : [])] },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return Promise.all(slos.map((s) => readSloStatus(deps, s, now)));
}
