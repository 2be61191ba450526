import { ApiError } from '../errors.js';
import { checkCodeForm, codeEtag, diffForms, mapSecrets, secretPaths } from './code-forms.js';
import { checkKeyOf, checkSlugOf, keyedRows, type LiveProject, type LiveResource } from './code-project.js';
import { secretVariable } from './export-code.js';
import { planCode } from './plan-code.js';

const t = (s: number) => new Date(1_800_000_000_000 + s * 1000);

describe('keys of resources made by hand', () => {
  const row = (id: string, at: number, name: string, slug: string | null = null, codeKey: string | null = null) => ({
    id,
    createdAt: t(at),
    name,
    slug,
    codeKey,
  });

  test('a key applied from code stays; else the slug, else the name made a key; taken ones get -2, -3 in order of creation', () => {
    const rows = [
      row('c', 3, 'Backup!'),
      row('a', 1, 'Backup'),
      row('b', 2, 'whatever', 'backup-2'),
      row('d', 4, 'API  health / EU'),
      row('e', 5, 'x', null, 'backup'),
      row('f', 6, '???'),
    ];
    expect(keyedRows(rows, checkKeyOf, checkSlugOf).map(([key, r]) => [r.id, key])).toEqual([
      ['a', 'backup-3'], // "backup" is an applied key, "backup-2" a slug
      ['b', 'backup-2'],
      ['c', 'backup-4'],
      ['d', 'api-health-eu'],
      ['e', 'backup'],
      ['f', 'check'],
    ]);
  });

  test('the same rows in any order give the same keys', () => {
    const rows = [row('a', 1, 'Same'), row('b', 2, 'Same'), row('c', 2, 'Same')];
    const keys = (rs: typeof rows) => Object.fromEntries(keyedRows(rs, checkKeyOf, checkSlugOf).map(([k, r]) => [r.id, k]));
    expect(keys([...rows].reverse())).toEqual(keys(rows));
    expect(keys(rows)).toEqual({ a: 'same', b: 'same-2', c: 'same-3' });
  });
});

describe('field diffs', () => {
  const secrets = secretPaths('check', 'http');

  test('names each changed leaf by its path; arrays change whole; credentials without their values, even in an object added whole', () => {
    const live = { name: 'A', tags: ['a'], schedule: { kind: 'period', period_sec: 60 }, http_config: { url: 'https://a', method: 'GET' } };
    const desired = {
      name: 'A',
      tags: ['a', 'b'],
      schedule: { kind: 'period', period_sec: 120 },
      http_config: { url: 'https://b', method: 'GET', basic_auth: { username: 'u', password: 'p' } },
    };
    expect(diffForms(live, desired, secrets)).toEqual([
      { field: 'http_config.basic_auth.password', secret: true },
      { field: 'http_config.basic_auth.username', secret: true },
      { field: 'http_config.url', secret: true },
      { field: 'schedule.period_sec', from: 60, to: 120 },
      { field: 'tags', from: ['a'], to: ['a', 'b'] },
    ]);
    expect(JSON.stringify(diffForms(null, desired, secrets))).not.toMatch(/https:\/\/b|"p"|"u"/);
    expect(diffForms(desired, desired, secrets)).toEqual([]);
  });

  test('credentials mapped to variables; the entity tag ignores them but follows their ciphertext', () => {
    const form = { name: 'A', http_config: { url: 'https://x', headers: { Authorization: 'Bearer t' }, method: 'GET' } };
    expect(mapSecrets(form, secrets, (p) => `\${${secretVariable('check', 'api-1', p)}}`)).toEqual({
      name: 'A',
      http_config: {
        url: '${UPMON_CHECK_API_1_HTTP_CONFIG_URL}',
        headers: { Authorization: '${UPMON_CHECK_API_1_HTTP_CONFIG_HEADERS_AUTHORIZATION}' },
        method: 'GET',
      },
    });
    const sealed = Buffer.from('ciphertext');
    expect(codeEtag('id', form, secrets, [sealed])).toBe(
      codeEtag('id', { ...form, http_config: { ...form.http_config, url: 'https://y' } }, secrets, [sealed]),
    );
    expect(codeEtag('id', form, secrets, [sealed])).not.toBe(codeEtag('id', form, secrets, [Buffer.from('resealed')]));
    expect(codeEtag('id', form, secrets, [sealed])).not.toBe(codeEtag('id', { ...form, name: 'B' }, secrets, [sealed]));
  });
});

describe('plan', () => {
  const hb = (extra: Record<string, unknown> = {}) => ({ name: 'N', grace_sec: 60, schedule: { kind: 'period', period_sec: 3600 }, ...extra });
  const live = (checks: Record<string, Record<string, unknown>>): LiveProject => ({
    integrations: new Map(),
    checks: new Map(
      Object.entries(checks).map(([key, body]) => [
        key,
        { type: 'check', key, id: key, managed: true, form: checkCodeForm(body), etag: `"${key}"`, secrets: [] } satisfies LiveResource,
      ]),
    ),
  });
  const errorsOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      if (e instanceof ApiError) return e.options.errors;
      throw e;
    }
    throw new Error('no error');
  };

  test('integrations first, checks after what they depend on, deletions last; defaults written or not compare equal', () => {
    const plan = planCode(
      live({ same: hb({ tags: [], description: null }), gone: hb(), edited: hb() }),
      {
        integrations: { ops: { kind: 'webhook', name: 'Ops', events: ['down'], config: { url: 'https://h.example/x' } } },
        checks: { a: hb({ depends_on: ['z'], integrations: ['ops'] }), z: hb(), same: hb(), edited: hb({ grace_sec: 90 }) },
      },
      true,
    );
    expect(plan.map((c) => [c.type, c.key, c.action])).toEqual([
      ['integration', 'ops', 'create'],
      ['check', 'z', 'create'],
      ['check', 'a', 'create'],
      ['check', 'edited', 'update'],
      ['check', 'same', 'unchanged'],
      ['check', 'gone', 'delete'],
    ]);
    expect(plan[3]).toEqual({ type: 'check', key: 'edited', action: 'update', etag: '"edited"', fields: [{ field: 'grace_sec', from: 60, to: 90 }] });
    expect(planCode(live({ gone: hb() }), { checks: {}, integrations: {} }, false)).toEqual([
      { type: 'check', key: 'gone', action: 'unmanaged', etag: '"gone"', fields: [] },
    ]);
  });

  test('every problem named by its field: a cycle, a dangling reference, a kind changed, a bad value, a bad key', () => {
    expect(
      errorsOf(() =>
        planCode(
          live({ k: hb() }),
          {
            integrations: {},
            checks: {
              a: hb({ depends_on: ['b'] }),
              b: hb({ depends_on: ['a'], integrations: ['nope'] }),
              k: { ...hb(), kind: 'http', http_config: { url: 'https://x.example' } },
              c: hb({ grace_sec: 5 }),
              'Bad Key': hb(),
            },
          },
          false,
        ),
      ),
    ).toEqual({
      'checks.Bad Key': ["key must be 1 to 100 characters of a-z, 0-9, '-' and '_', starting with a letter or digit"],
      'checks.b.integrations.0': ['no integration with key "nope" in the files'],
      'checks.k.kind': ['cannot change from heartbeat; give the check a new key instead'],
      'checks.c.grace_sec': ['must be at least 30'],
      'checks.a.depends_on': ['forms a cycle: a → b → a'],
    });
  });
});
