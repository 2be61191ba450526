import { createHash } from 'node:crypto';

/** One check as the per-project Prometheus endpoint reports it. */
export interface MetricsCheck {
  id: string;
  name: string;
  tags: string[];
  status: 'new' | 'up' | 'late' | 'down' | 'paused';
  /** A run was started (start ping) and has not ended. */
  running: boolean;
}

/** Label value escaping of the Prometheus text format: backslash, double quote, newline. */
export function escapeLabelValue(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * Healthchecks' stable, non-reversible check identifier: SHA-1 of the first 16 hex digits of the
 * check's UUID. The same derivation, so dashboards keyed on it keep working for migrated checks.
 */
export function uniqueKey(checkId: string): string {
  return createHash('sha1').update(checkId.replace(/-/g, '').toLowerCase().slice(0, 16)).digest('hex');
}

function gauge(name: string, help: string, lines: string[]): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} gauge\n${lines.map((l) => `${l}\n`).join('')}`;
}

/**
 * A project's checks in Healthchecks' Prometheus format (names, labels and help texts as its
 * `metrics` view writes them), so an existing scrape config and its dashboards work unchanged.
 * Up means "not down": new, late and paused checks are 1 in hc_check_up. hc_check_grace is
 * upmon's `late`.
 */
export function healthchecksMetrics(checks: MetricsCheck[]): string {
  const labelled = checks.map((c) => ({
    c,
    labels: `{name="${escapeLabelValue(c.name)}", tags="${escapeLabelValue(c.tags.join(' '))}", unique_key="${uniqueKey(c.id)}"}`,
  }));
  const per = (name: string, value: (c: MetricsCheck) => boolean) => labelled.map(({ c, labels }) => `${name}${labels} ${value(c) ? 1 : 0}`);
  const allTags = new Set<string>();
  const downTags = new Set<string>();
  for (const c of checks) {
    for (const t of c.tags) {
      allTags.add(t);
      if (c.status === 'down') downTags.add(t);
    }
  }
  const tagLines = [...allTags].sort().map((t) => `hc_tag_up{tag="${escapeLabelValue(t)}"} ${downTags.has(t) ? 0 : 1}`);
  return [
    gauge(
      'hc_check_up',
      'Whether the check is currently up (1 for yes, 0 for no).',
      per('hc_check_up', (c) => c.status !== 'down'),
    ),
    gauge(
      'hc_check_started',
      'Whether the check is currently started (1 for yes, 0 for no).',
      per('hc_check_started', (c) => c.running),
    ),
    gauge(
      'hc_check_grace',
      'Whether the check is currently in the grace period (1 for yes, 0 for no).',
      per('hc_check_grace', (c) => c.status === 'late'),
    ),
    gauge(
      'hc_check_paused',
      'Whether the check is currently paused (1 for yes, 0 for no).',
      per('hc_check_paused', (c) => c.status === 'paused'),
    ),
    gauge('hc_tag_up', 'Whether all checks with this tag are up (1 for yes, 0 for no).', tagLines),
    gauge('hc_checks_total', 'The total number of checks.', [`hc_checks_total ${checks.length}`]),
    gauge('hc_checks_down_total', 'The number of checks currently down.', [`hc_checks_down_total ${checks.filter((c) => c.status === 'down').length}`]),
  ].join('\n');
}
