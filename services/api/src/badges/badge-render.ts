import { makeBadge } from 'badge-maker';
import type { BadgeCounts, BadgeStatus } from './badge-status.js';

/**
 * Badge colours, each with white text at a WCAG contrast ratio of at least 4.5:1 (shields' own
 * bright green #4c1 gives about 2.3:1). badge-render.test.ts checks the ratios.
 */
export const BADGE_COLORS: Record<BadgeStatus | 'label', string> = {
  label: '#555555',
  up: '#2e7d32',
  late: '#b45309',
  down: '#c62828',
};

/** Longest label shown; longer ones end in "…" (tags are at most 100 characters). */
const LABEL_MAX = 100;

/**
 * A label safe for SVG text: characters XML 1.0 forbids even escaped (C0 controls but tab,
 * lone surrogates, U+FFFE/FFFF) become U+FFFD, whitespace runs one space, at most LABEL_MAX
 * characters. Escaping of <, &, quotes is badge-maker's (and JSON's) job.
 */
export function badgeLabel(text: string): string {
  const clean = text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...clean];
  return chars.length > LABEL_MAX ? `${chars.slice(0, LABEL_MAX - 1).join('')}…` : clean;
}

/** Shields-style (flat) SVG: label on grey, status on its colour; width computed from the text. */
export function badgeSvg(label: string, status: BadgeStatus): string {
  return makeBadge({ label: badgeLabel(label), message: status, labelColor: BADGE_COLORS.label, color: BADGE_COLORS[status], style: 'flat' });
}

/** The JSON badge (Healthchecks' shape: late checks are counted as `grace`). */
export function badgeJson(status: BadgeStatus, counts: BadgeCounts): { status: BadgeStatus; total: number; grace: number; down: number } {
  return { status, total: counts.total, grace: counts.late, down: counts.down };
}

/** shields.io's endpoint format (https://shields.io/badges/endpoint-badge). */
export function badgeShields(label: string, status: BadgeStatus): { schemaVersion: 1; label: string; message: BadgeStatus; color: string; labelColor: string } {
  return { schemaVersion: 1, label: badgeLabel(label), message: status, color: BADGE_COLORS[status].slice(1), labelColor: BADGE_COLORS.label.slice(1) };
}
