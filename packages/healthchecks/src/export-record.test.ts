import { hcExportRecordToCheck } from './export-record.js';

const base = {
  name: 'Backups',
  slug: 'backups',
  tags: 'prod',
  desc: '',
  grace: 600,
  n_pings: 42,
  status: 'up',
  started: false,
  last_ping: '2026-03-01T12:00:00+00:00',
  next_ping: '2026-03-02T12:00:00+00:00',
  manual_resume: false,
  methods: '',
  subject: '',
  subject_fail: '',
  start_kw: '',
  success_kw: '',
  failure_kw: '',
  filter_subject: false,
  filter_body: false,
  filter_http_body: false,
  filter_default_fail: false,
  badge_url: 'https://hc.example/b/2/0b2f0a1e-35a2-4e43-9a07-5f11e3e1a6f6.svg',
  uuid: '31365bce-8da9-4729-8ff3-aaa71d56b712',
  ping_url: 'https://hc-ping.example/31365bce-8da9-4729-8ff3-aaa71d56b712',
  update_url: 'https://hc.example/api/v3/checks/31365bce-8da9-4729-8ff3-aaa71d56b712',
  pause_url: 'https://hc.example/api/v3/checks/31365bce-8da9-4729-8ff3-aaa71d56b712/pause',
  resume_url: 'https://hc.example/api/v3/checks/31365bce-8da9-4729-8ff3-aaa71d56b712/resume',
  channels: '4ec5a071-2d08-4baa-898a-eb4eb3cd6941',
  timeout: 86400,
};

describe('hcExportRecordToCheck', () => {
  it('a simple check keeps its UUID, name, slug, tags, period, grace and ping count', () => {
    const r = hcExportRecordToCheck(base);
    expect(r).toEqual({
      ok: true,
      check: {
        id: '31365bce-8da9-4729-8ff3-aaa71d56b712',
        fields: {
          name: 'Backups',
          slug: 'backups',
          description: null,
          tags: ['prod'],
          tz: 'UTC',
          graceSec: 600,
          hcGraceSec: null,
          schedule: { kind: 'period', periodSec: 86400 },
          postOnly: false,
        },
        paused: false,
        nPings: 42,
        adjustments: [],
      },
    });
  });

  it('a cron check keeps schedule and tz; uuid may come from ping_url alone', () => {
    const { timeout: _t, uuid: _u, ...rest } = base;
    const r = hcExportRecordToCheck({ ...rest, schedule: '15 5 * * *', tz: 'Europe/Riga' });
    expect(r.ok && r.check.id).toBe('31365bce-8da9-4729-8ff3-aaa71d56b712');
    expect(r.ok && r.check.fields).toMatchObject({ schedule: { kind: 'cron', cron: '15 5 * * *' }, tz: 'Europe/Riga' });
  });

  it('paused without manual_resume and keyword filters are imported with adjustments; POST-only is kept', () => {
    const r = hcExportRecordToCheck({ ...base, status: 'paused', filter_body: true, success_kw: 'OK', methods: 'POST' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.check.paused).toBe(true);
    expect(r.check.fields.postOnly).toBe(true);
    expect(r.check.adjustments.map((a) => a.field)).toEqual(['filter_body,success_kw', 'manual_resume']);
  });

  it('refuses a read-only export (no UUID) and a schedule upmon cannot evaluate, with reasons', () => {
    const { uuid: _u, ping_url: _p, update_url: _x, ...ro } = base;
    expect(hcExportRecordToCheck({ ...ro, unique_key: 'abc' })).toMatchObject({ ok: false, reason: expect.stringMatching(/read-write key/) });
    const { timeout: _t, ...cron } = base;
    expect(hcExportRecordToCheck({ ...cron, schedule: '0 0 L * *', tz: 'UTC' })).toMatchObject({
      ok: false,
      id: base.uuid,
      reason: expect.stringMatching(/schedule/),
    });
    expect(hcExportRecordToCheck('x')).toMatchObject({ ok: false, reason: 'not a JSON object' });
  });
});
