import { hcReportedGrace, hcToCheckFields, upmonGraceFor, type CheckFields, type HcFieldsOptions } from './check-fields.js';
import { hcSlugify } from './slugify.js';
import { parseHcSpec } from './spec.js';
import { parseHcTags } from './tags.js';
import { hcUniqueKey } from './unique-key.js';

const ID = '7918b17b-a745-4db1-8575-9d2e07c97f79';
const v3 = { version: 3 as const, id: ID };
const apply = (body: Record<string, unknown>, current: CheckFields | null = null, opts: HcFieldsOptions = v3) =>
  hcToCheckFields(parseHcSpec(body), current, opts);

describe('hcToCheckFields', () => {
  it('create with nothing: Healthchecks defaults (1 day period, 1 h grace, UTC); unnamed → the UUID', () => {
    expect(apply({})).toEqual({
      fields: {
        name: ID,
        slug: null,
        description: null,
        tags: [],
        tz: 'UTC',
        graceSec: 3600,
        hcGraceSec: null,
        schedule: { kind: 'period', periodSec: 86_400 },
        postOnly: false,
      },
      adjustments: [],
    });
  });

  it('the default grace of one hour on a five-minute period is watched as 10 periods, and kept as asked', () => {
    const r = apply({ name: 'every 5 min', timeout: 300 });
    expect(r.fields).toMatchObject({ graceSec: 3000, hcGraceSec: 3600 });
    expect(hcReportedGrace(r.fields)).toBe(3600);
    expect(r.adjustments).toEqual([{ field: 'grace', requested: 3600, stored: 3000, reason: 'upmon watches with a grace of at most 10 × the period' }]);
  });

  it('grace over 30 days is watched as 30 days, and kept as asked', () => {
    const r = apply({ schedule: '0 0 1 * *', grace: 31_536_000 });
    expect(r.fields).toMatchObject({ graceSec: 2_592_000, hcGraceSec: 31_536_000, schedule: { kind: 'cron', cron: '0 0 1 * *' } });
    expect(hcReportedGrace(r.fields)).toBe(31_536_000);
  });

  it('a partial update re-applies the rule to the grace asked for: a longer period restores it', () => {
    const first = apply({ timeout: 300 }).fields;
    expect(apply({ timeout: 600 }, first).fields).toMatchObject({ graceSec: 3600, hcGraceSec: null });
    expect(apply({ timeout: 120 }, first).fields).toMatchObject({ graceSec: 1200, hcGraceSec: 3600 });
  });

  it('the grace asked for is reported only while the stored grace is what upmon made of it', () => {
    const f = apply({ timeout: 300 }).fields;
    // Changed through /api/v1 or the web app: the stored grace (or the period) no longer derives from it.
    expect(hcReportedGrace({ ...f, graceSec: 600 })).toBe(600);
    expect(hcReportedGrace({ ...f, schedule: { kind: 'period', periodSec: 200 } })).toBe(3000);
    expect(hcReportedGrace({ ...f, hcGraceSec: null })).toBe(3000);
    expect(upmonGraceFor(3600, { kind: 'cron', cron: '* * * * *' })).toBe(3600);
  });

  it('schedule wins over timeout; OnCalendar is recognised; tz kept', () => {
    const r = apply({ timeout: 60, schedule: '*-*-* 02:30', tz: 'America/New_York' });
    expect(r.fields.schedule).toEqual({ kind: 'oncalendar', oncalendar: '*-*-* 02:30' });
    expect(r.fields.tz).toBe('America/New_York');
  });

  it('update keeps what the body leaves out and re-applies the grace rule to the merged check', () => {
    const current: CheckFields = {
      name: 'a',
      slug: 'a',
      description: 'd',
      tags: ['x'],
      tz: 'Europe/Riga',
      graceSec: 3600,
      hcGraceSec: null,
      schedule: { kind: 'cron', cron: '0 * * * *' },
      postOnly: true,
    };
    const r = apply({ timeout: 120 }, current);
    expect(r.fields).toEqual({ ...current, schedule: { kind: 'period', periodSec: 120 }, graceSec: 1200, hcGraceSec: 3600 });
    expect(apply({ desc: '', tags: '' }, current).fields).toMatchObject({ description: null, tags: [] });
  });

  it('v3 sets the slug as given; a leading - or _ is dropped (upmon slugs start with a letter or digit)', () => {
    expect(apply({ slug: 'db-backup' }).fields.slug).toBe('db-backup');
    expect(apply({ slug: '' }).fields.slug).toBeNull();
    const r = apply({ slug: '--tmp' });
    expect(r.fields.slug).toBe('tmp');
    expect(r.adjustments[0]).toMatchObject({ field: 'slug', requested: '--tmp', stored: 'tmp' });
    expect(apply({ name: 'X Y' }).fields.slug).toBeNull();
  });

  it('v2 derives the slug from the name (Django slugify)', () => {
    expect(apply({ name: 'Nightly DB Backup!' }, null, { version: 2, id: ID }).fields.slug).toBe('nightly-db-backup');
  });

  it.each(['filter_subject', 'filter_body', 'filter_http_body', 'filter_default_fail'])('refuses %s: true', (k) => {
    expect(() => apply({ [k]: true })).toThrow(`${k} is not supported by upmon`);
  });

  it('accepts the keyword filters in their off state, refuses them on', () => {
    expect(() => apply({ filter_subject: false, success_kw: '', methods: '', manual_resume: false })).not.toThrow();
    expect(() => apply({ success_kw: 'OK' })).toThrow('success_kw is not supported by upmon');
  });

  it('methods "POST" counts POST pings only; "" all of them; absent keeps the setting', () => {
    const post = apply({ methods: 'POST' }).fields;
    expect(post.postOnly).toBe(true);
    expect(apply({ name: 'x' }, post).fields.postOnly).toBe(true);
    expect(apply({ methods: '' }, post).fields.postOnly).toBe(false);
  });

  it('cuts a description over 10,000 characters and says so', () => {
    const r = apply({ desc: 'd'.repeat(10_001) });
    expect(r.fields.description).toHaveLength(10_000);
    expect(r.adjustments.map((a) => a.field)).toEqual(['desc']);
  });
});

describe('parseHcTags', () => {
  it('splits on spaces, drops empties and repeats', () => {
    expect(parseHcTags(' prod  db prod ')).toEqual({ tags: ['prod', 'db'], adjusted: 'upmon keeps each tag once' });
    expect(parseHcTags('')).toEqual({ tags: [], adjusted: null });
    expect(parseHcTags('a b')).toEqual({ tags: ['a', 'b'], adjusted: null });
  });
  it('cuts tags over 100 characters', () => {
    const r = parseHcTags('t'.repeat(150));
    expect(r.tags).toEqual(['t'.repeat(100)]);
    expect(r.adjusted).toMatch(/at most 100 tags of at most 100 characters/);
  });
});

describe('hcSlugify (Django slugify)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  --Backup: DB (nightly)__ ', 'backup-db-nightly'],
    ['Crème brûlée', 'creme-brulee'],
    ['a_b  -  c', 'a_b-c'],
    ['日本', ''],
  ])('%s → %s', (name, slug) => expect(hcSlugify(name)).toBe(slug));
});

describe('hcUniqueKey', () => {
  it('is SHA-1 of the first 16 hex digits of the UUID (Healthchecks Check.unique_key)', () => {
    // Python: hashlib.sha1("7918b17ba7454db1".encode()).hexdigest()
    expect(hcUniqueKey(ID)).toBe('7aef250c5c261a8d68a0c18d41137deb22834bee');
    expect(hcUniqueKey(ID.toUpperCase())).toBe('7aef250c5c261a8d68a0c18d41137deb22834bee');
  });
});
