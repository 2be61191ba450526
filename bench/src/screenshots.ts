// `pnpm screenshots`: PNGs of the web app's main pages at laptop and phone widths, for docs/.
// Seeds a fresh database with a small, realistic project, starts the built api, and drives
// Debian's Chromium (playwright-core) over it. Not a benchmark: it lives here because this package
// already holds the tools that start services and seed databases.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { writeProbeRollups } from '@upmon/check-store';
import { AAD, createCipher, generateApiKey, randomToken, sha256Hex } from '@upmon/crypto';
import { createMigratedDatabase, dropRedisPrefix, launchChromium, startService, testRedisPrefix, testRedisUrl, TEST_ENCRYPTION_KEY } from '@upmon/testing';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const cipher = createCipher(TEST_ENCRYPTION_KEY);
const HOUR = 3_600_000;

interface Seeded {
  projectId: string;
  accountId: string;
  checkId: string;
  /** An http check that is down: the check page's first screen at its most useful. */
  httpCheckId: string;
  integrationId: number;
  token: string;
  statusKey: string;
  incidentId: string;
  /** A down check snoozed until it recovers. */
  snoozedCheckId: string;
  /** A project without checks: the first-check examples. */
  emptyProjectId: string;
}

async function seed(c: pg.Client, now: number): Promise<Seeded> {
  const one = async <T>(sql: string, values: unknown[] = []) => (await c.query(sql, values)).rows[0] as T;
  const account = await one<{ id: string }>(
    `INSERT INTO accounts (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'Acme Ops', 'pro', now()) RETURNING id`,
  );
  const project = await one<{ id: string }>(
    `INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'Production jobs', $2) RETURNING id`,
    [account.id, randomToken(16)],
  );
  const users = [
    ['ann@acme.example', 'Ann Owner', 'owner'],
    ['bo@acme.example', 'Bo Admin', 'admin'],
    ['cy@acme.example', 'Cy On-call', 'member'],
    ['di@acme.example', 'Di Auditor', 'read_only'],
  ];
  let ownerId = '';
  for (const [email, name, role] of users) {
    const u = await one<{ id: string }>(
      `INSERT INTO users (id, email, name, password_hash, updated_at) VALUES (gen_random_uuid(), $1, $2, 'x', now()) RETURNING id`,
      [email, name],
    );
    await c.query(`INSERT INTO memberships (account_id, user_id, role) VALUES ($1, $2, $3)`, [account.id, u.id, role]);
    if (role === 'owner') ownerId = u.id;
  }
  await c.query(
    `INSERT INTO invitations (id, account_id, email, role, token_hash, expires_at) VALUES (gen_random_uuid(), $1, 'eve@acme.example', 'member', $2, now() + interval '7 days')`,
    [account.id, sha256Hex(randomToken())],
  );
  const token = randomToken(32);
  await c.query(`INSERT INTO sessions (id, user_id, token_hash, csrf_token, expires_at) VALUES (gen_random_uuid(), $1, $2, $3, now() + interval '1 day')`, [
    ownerId,
    sha256Hex(token),
    randomToken(24),
  ]);

  const checks: [string, string, string[], string, string | null, number | null, string | null][] = [
    ['nightly-db-backup', 'up', ['prod', 'db'], 'cron', '30 2 * * *', null, 'Europe/Riga'],
    ['invoice-sync', 'down', ['billing'], 'period', null, 900, 'UTC'],
    ['search-reindex', 'late', ['search'], 'period', null, 3600, 'UTC'],
    ['certificate-renewal', 'up', ['prod'], 'oncalendar', 'Mon *-*-* 04:00:00', null, 'UTC'],
    ['log-rotation', 'paused', ['ops'], 'period', null, 86400, 'UTC'],
    ['newsletter-sender', 'new', ['marketing'], 'cron', '0 9 * * 1', null, 'America/New_York'],
  ];
  let backupId = '';
  let snoozedId = '';
  for (const [name, status, tags, kind, expr, period, tz] of checks) {
    const lastPing = status === 'new' ? null : new Date(now - (status === 'down' ? 3 : 0.4) * HOUR);
    const row = await one<{ id: string }>(
      `INSERT INTO checks (id, project_id, name, tags, status, schedule_kind, period_sec, cron, oncalendar, tz, grace_sec, last_ping_at, last_duration_ms, next_deadline_at, slug, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, 600, $10, $11, $12, $13, now()) RETURNING id`,
      [
        project.id,
        name,
        tags,
        status,
        kind,
        period,
        kind === 'cron' ? expr : null,
        kind === 'oncalendar' ? expr : null,
        tz,
        lastPing,
        lastPing ? 73_000 : null,
        ['up', 'late'].includes(status) ? new Date(now + 5 * HOUR) : null,
        name,
      ],
    );
    if (name === 'nightly-db-backup') backupId = row.id;
    if (name === 'invoice-sync') snoozedId = row.id;
  }
  // Thirty nights (the last one today) of a backup that usually takes 60-90 s, with a slow night and a late one.
  for (let d = 29; d >= 0; d--) {
    const expected = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() - d, 0, 30);
    const late = d === 9 ? 14 * 60_000 : (d * 7919) % 90_000;
    const dur = d === 17 ? 310_000 : 60_000 + ((d * 104_729) % 30_000);
    await c.query(`INSERT INTO pings (check_id, ts, type, method, source_ip, user_agent) VALUES ($1, $2, 'start', 'GET', '10.0.4.17', 'curl/8.5.0')`, [
      backupId,
      new Date(expected + late - dur),
    ]);
    await c.query(
      `INSERT INTO pings (check_id, ts, type, method, source_ip, user_agent, duration_ms, body, body_size) VALUES ($1, $2, 'success', 'POST', '10.0.4.17', 'curl/8.5.0', $3, $4, $5)`,
      [backupId, new Date(expected + late), dur, cipher.encrypt(`dumped 42 tables, ${(1.2 + d / 100).toFixed(2)} GB`, AAD.pingBody(backupId)), 30],
    );
  }
  // The check as those pings left it: last success last night, next run tonight at 02:30 Riga time.
  await c.query(
    `UPDATE checks SET last_ping_at = (SELECT max(ts) FROM pings WHERE check_id = $1 AND type = 'success'),
            next_deadline_at = (SELECT max(ts) FROM pings WHERE check_id = $1 AND type = 'success') + interval '1 day' WHERE id = $1`,
    [backupId],
  );
  const downAt = new Date(now - 9 * 24 * HOUR + 10 * 60_000);
  const f1 = await one<{ id: string }>(
    `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, 'up', 'late', 'timeout', now()) RETURNING id`,
    [backupId, project.id, downAt],
  );
  await c.query(
    `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, 'late', 'up', 'ping', now())`,
    [backupId, project.id, new Date(downAt.getTime() + 4 * 60_000)],
  );
  // An http check down for 3 h 12 min: its probes failed with a 503 (the explanation is the ping body).
  const httpCheck = await one<{ id: string }>(
    `INSERT INTO checks (id, project_id, kind, name, tags, status, schedule_kind, period_sec, tz, grace_sec, last_ping_at, last_duration_ms, http_config, created_at, updated_at)
     VALUES (gen_random_uuid(), $1, 'http', 'shop-health', ARRAY['prod'], 'down', 'period', 60, 'UTC', 60, $2, 212, $3, $4, now()) RETURNING id`,
    [
      project.id,
      new Date(now - 30_000),
      { method: 'GET', expected_codes: ['200'], keyword: 'healthy', timeout_sec: 10, confirmations: 2 },
      new Date(now - 40 * 24 * HOUR),
    ],
  );
  await c.query(`UPDATE checks SET http_secrets = $2 WHERE id = $1`, [
    httpCheck.id,
    cipher.encryptJson({ url: 'https://shop.acme.example/health' }, AAD.checkHttpSecrets(httpCheck.id)),
  ]);
  const httpDown = now - (3 * 60 + 12) * 60_000;
  for (const [ts, status, reason] of [
    [now - 40 * 24 * HOUR, 'up', 'ping'],
    [now - 12 * 24 * HOUR, 'down', 'fail'],
    [now - 12 * 24 * HOUR + 42 * 60_000, 'up', 'ping'],
    [httpDown, 'down', 'fail'],
  ] as const)
    await c.query(`INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at) VALUES ($1, $2, $3, 'up', $4, $5, now())`, [
      httpCheck.id,
      project.id,
      new Date(ts),
      status,
      reason,
    ]);
  for (let i = 0; i < 30; i++) {
    const failed = i < 3;
    const text = failed ? 'HTTP 503 (expected 200)' : 'HTTP 200';
    await c.query(
      `INSERT INTO pings (check_id, ts, type, method, duration_ms, body, body_size, user_agent) VALUES ($1, $2, $3, 'GET', $4, $5, $6, 'upmon-probe')`,
      [
        httpCheck.id,
        new Date(now - 30_000 - i * 60_000 - (failed ? 0 : 192 * 60_000)),
        failed ? 'fail' : 'success',
        150 + ((i * 37) % 90),
        cipher.encrypt(text, AAD.pingBody(httpCheck.id)),
        text.length,
      ],
    );
  }
  // The dashboard's last 24 hours: the checks were created 40 days ago and came up then; the down,
  // late and paused ones changed in the last day. shop-health's response times, per 5 minutes.
  await c.query(`UPDATE checks SET created_at = $2 WHERE project_id = $1 AND kind = 'heartbeat' AND status <> 'new'`, [
    project.id,
    new Date(now - 40 * 24 * HOUR),
  ]);
  for (const [name, status, hoursAgo] of [
    ['invoice-sync', 'down', 3],
    ['search-reindex', 'late', 0.4],
    ['log-rotation', 'paused', 7],
  ] as const)
    await c.query(
      `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at)
       SELECT id, project_id, $3, 'up', $4, 'timeout', now() FROM checks WHERE project_id = $1 AND name = $2`,
      [project.id, name, new Date(now - hoursAgo * HOUR), status],
    );
  await c.query(
    `INSERT INTO flips (check_id, project_id, ts, old_status, new_status, reason, fanned_out_at)
     SELECT id, project_id, $2, 'new', 'up', 'ping', now() FROM checks WHERE project_id = $1 AND kind = 'heartbeat' AND status <> 'new'`,
    [project.id, new Date(now - 40 * 24 * HOUR)],
  );
  // One probe a minute (sampled every 5 minutes here), as the prober rolls them up.
  await writeProbeRollups(
    c,
    Array.from({ length: 288 }, (_, i) => {
      const at = now - i * 5 * 60_000;
      const failed = at >= httpDown;
      return {
        checkId: httpCheck.id,
        at: new Date(at),
        ok: !failed,
        answered: true,
        totalMs: Math.round(180 + 60 * Math.sin(at / 7_200_000) + (failed ? 400 : 0)),
        dnsMs: 10,
        connectMs: 10,
        tlsMs: 20,
        firstByteMs: 100,
      };
    }),
  );
  // Integration configs are sealed to their row id, so the id is drawn first.
  const nextIntegrationId = async () => Number((await one<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('integrations', 'id')) AS id`)).id);
  const slackId = await nextIntegrationId();
  const integration = await one<{ id: number }>(
    `INSERT INTO integrations (id, project_id, kind, name, events, config, updated_at) VALUES ($1, $2, 'slack', '#ops-alerts', ARRAY['down','up','late'], $3, now()) RETURNING id`,
    [slackId, project.id, cipher.encryptJson({ webhook_url: 'https://hooks.slack.com/services/T000/B000/XXXX' }, AAD.integrationConfig(slackId))],
  );
  const pagerdutyId = await nextIntegrationId();
  await c.query(
    `INSERT INTO integrations (id, project_id, kind, name, events, config, tags, updated_at) VALUES ($1, $2, 'pagerduty', 'On-call (PagerDuty)', ARRAY['down','up'], $3, '["prod"]', now())`,
    [pagerdutyId, project.id, cipher.encryptJson({ routing_key: 'R0123456789abcdefABCDEF012345678' }, AAD.integrationConfig(pagerdutyId))],
  );
  await c.query(
    `INSERT INTO notification_deliveries (integration_id, flip_id, check_id, event, attempt, status, status_code, latency_ms, created_at) VALUES ($1, $2, $3, 'late', 1, 'succeeded', 200, 180, $4)`,
    [integration.id, f1.id, backupId, new Date(downAt.getTime() + 2000)],
  );
  for (const [kind, name] of [
    ['rw', 'terraform'],
    ['ro', 'grafana'],
  ] as const) {
    const g = generateApiKey(kind);
    await c.query(
      `INSERT INTO api_keys (id, project_id, kind, name, prefix, hash, created_at, last_used_at) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, now() - interval '40 days', now() - interval '2 hours')`,
      [project.id, kind, name, g.prefix, g.hash],
    );
  }
  // A repeating maintenance of the database checks, one in progress, and a public status page.
  await c.query(
    `INSERT INTO maintenance_windows (id, project_id, name, scope, tags, schedule, tz, duration_min) VALUES (gen_random_uuid(), $1, 'Weekly DB patching', 'tags', '{db}', '0 3 * * sun', 'Europe/Riga', 60)`,
    [project.id],
  );
  await c.query(
    `INSERT INTO maintenance_windows (id, project_id, name, scope, tags, starts_at, ends_at) VALUES (gen_random_uuid(), $1, 'Search cluster upgrade', 'tags', '{search}', $2, $3)`,
    [project.id, new Date(now - 0.5 * HOUR), new Date(now + 1.5 * HOUR)],
  );
  const page = await one<{ id: string; public_key: string }>(
    `INSERT INTO status_pages (id, project_id, title, enabled, updated_at) VALUES (gen_random_uuid(), $1, 'Acme Ops status', true, now()) RETURNING id, public_key`,
    [project.id],
  );
  const group = await one<{ id: number }>(`INSERT INTO status_page_groups (status_page_id, name, position) VALUES ($1, 'Nightly jobs', 0) RETURNING id`, [
    page.id,
  ]);
  await c.query(
    `INSERT INTO status_page_checks (group_id, check_id, position) SELECT $1, id, row_number() OVER (ORDER BY name) - 1 FROM checks WHERE project_id = $2 AND status <> 'new'`,
    [group.id, project.id],
  );
  // An incident in progress with two updates, and one resolved yesterday (docs/status-pages.md, "Incidents").
  const incident = await one<{ id: string }>(
    `INSERT INTO status_page_incidents (id, status_page_id, title, state, started_at, updated_at) VALUES (gen_random_uuid(), $1, 'Nightly jobs finishing late', 'identified', $2, $3) RETURNING id`,
    [page.id, new Date(now - 2 * HOUR), new Date(now - HOUR)],
  );
  await c.query(
    `INSERT INTO status_page_incident_components (incident_id, position, group_name, name, impact) VALUES ($1, 0, 'Nightly jobs', 'Nightly jobs', 'degraded_performance')`,
    [incident.id],
  );
  await c.query(
    `INSERT INTO status_page_incident_updates (id, incident_id, state, message, created_at, edited_at) VALUES
       (gen_random_uuid(), $1, 'investigating', 'Some nightly jobs are finishing **later than usual**. We are looking into it.', $2, $3),
       (gen_random_uuid(), $1, 'identified', $4, $3, NULL)`,
    [
      incident.id,
      new Date(now - 2 * HOUR),
      new Date(now - HOUR),
      'The database host is short of disk I/O:\n\n- backups run but take twice as long\n- reports are delayed by about an hour\n\nDetails on [our blog](https://acme.example/blog).',
    ],
  );
  const resolved = await one<{ id: string }>(
    `INSERT INTO status_page_incidents (id, status_page_id, title, state, started_at, resolved_at, updated_at) VALUES (gen_random_uuid(), $1, 'Search index rebuild failed', 'resolved', $2, $3, $3) RETURNING id`,
    [page.id, new Date(now - 26 * HOUR), new Date(now - 24 * HOUR)],
  );
  await c.query(
    `INSERT INTO status_page_incident_updates (id, incident_id, state, message, created_at) VALUES
       (gen_random_uuid(), $1, 'investigating', 'The nightly search index rebuild failed; search shows yesterday''s results.', $2),
       (gen_random_uuid(), $1, 'resolved', 'Rebuilt by hand; *search is current again*.', $3)`,
    [resolved.id, new Date(now - 26 * HOUR), new Date(now - 24 * HOUR)],
  );
  // The down invoice-sync is snoozed until it recovers (issue 39); a second project has no checks yet.
  await c.query(`UPDATE checks SET snoozed_at = $2, snoozed_until = NULL, snoozed_by = 'cy@acme.example' WHERE id = $1`, [
    snoozedId,
    new Date(now - 0.5 * HOUR),
  ]);
  const empty = await one<{ id: string }>(
    `INSERT INTO projects (id, account_id, name, ping_key) VALUES (gen_random_uuid(), $1, 'Staging jobs', $2) RETURNING id`,
    [account.id, randomToken(16)],
  );
  return {
    incidentId: incident.id,
    snoozedCheckId: snoozedId,
    emptyProjectId: empty.id,
    httpCheckId: httpCheck.id,
    projectId: project.id,
    accountId: account.id,
    checkId: backupId,
    integrationId: integration.id,
    token,
    statusKey: page.public_key,
  };
}

export async function run(): Promise<void> {
  const db = await createMigratedDatabase();
  const prefix = testRedisPrefix();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const s = await seed(client, Date.now());
  await client.end();
  const api = await startService('api', {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    PING_DOMAINS: 'https://hc.acme.example',
  });
  const browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
  // `pnpm screenshots check check-http`: only those pages (the others' images stay as they are).
  const only = process.argv.length > 2 ? process.argv.slice(2) : null;
  const pages: [string, string, ('laptop' | 'phone')[]][] = [
    ['sign-in', '/sign-in', ['laptop', 'phone']],
    ['dashboard', `/projects/${s.projectId}`, ['laptop', 'phone']],
    ['check', `/checks/${s.checkId}`, ['laptop', 'phone']],
    ['check-http', `/checks/${s.httpCheckId}`, ['laptop', 'phone']],
    ['check-snoozed', `/checks/${s.snoozedCheckId}`, ['laptop', 'phone']],
    ['dashboard-empty', `/projects/${s.emptyProjectId}`, ['laptop', 'phone']],
    ['check-form', `/projects/${s.projectId}/checks/new`, ['laptop']],
    ['check-form-http', `/projects/${s.projectId}/checks/new?kind=http`, ['laptop', 'phone']],
    ['integrations', `/projects/${s.projectId}/integrations`, ['laptop']],
    ['integration', `/projects/${s.projectId}/integrations/${s.integrationId}`, ['laptop']],
    ['api-keys', `/projects/${s.projectId}/keys`, ['laptop']],
    ['account', `/accounts/${s.accountId}`, ['laptop', 'phone']],
    ['badges', `/projects/${s.projectId}/badges`, ['laptop', 'phone']],
    ['maintenance', `/projects/${s.projectId}/maintenance`, ['laptop', 'phone']],
    ['status-page-settings', `/projects/${s.projectId}/status-page`, ['laptop', 'phone']],
    ['status-page', `/status/${s.statusKey}`, ['laptop', 'phone']],
    ['status-page-subscribers', `/projects/${s.projectId}/status-page/subscribers`, ['laptop', 'phone']],
    ['incidents', `/projects/${s.projectId}/status-page/incidents`, ['laptop', 'phone']],
    ['incident', `/projects/${s.projectId}/status-page/incidents/${s.incidentId}`, ['laptop', 'phone']],
  ];
  try {
    for (const device of ['laptop', 'phone'] as const) {
      const context = await browser.newContext(
        device === 'laptop'
          ? { viewport: { width: 1280, height: 800 } }
          : { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      );
      const page = await context.newPage();
      for (const [name, url, devices] of pages) {
        if (!devices.includes(device) || (only && !only.includes(name))) continue;
        await context.clearCookies();
        if (name !== 'sign-in' && name !== 'status-page') await context.addCookies([{ name: 'upmon_session', value: s.token, url: api.url }]);
        await page.goto(`${api.url}${url}`);
        await page.waitForLoadState('networkidle');
        const file = path.join(OUT, `${name}-${device}.png`);
        await page.screenshot({ path: file, fullPage: device === 'laptop' });
        console.log(path.relative(process.cwd(), file));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await api.stop();
    await db.drop();
    await dropRedisPrefix(prefix);
  }
}

await run();
