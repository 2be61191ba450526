import { readFileSync, writeFileSync } from 'node:fs';
import { FILE_SCHEMA, validateFileSchema } from '../src/file-schema.js';
import { buildFileSchema } from './support/build-file-schema.js';

// The published JSON Schema of the files is derived from the API's request schemas; this test
// fails when they drift apart. To regenerate it after an API change:
//   UPDATE_FILE_SCHEMA=1 pnpm test:jest packages/cli/test/file-schema.test.ts && pnpm format
const FILE = new URL('../schema/upmon.schema.json', import.meta.url);

test('the committed schema is the one derived from the API validators', () => {
  const expected = buildFileSchema();
  // (then `pnpm format`: the file is kept in prettier's layout, compared as JSON)
  if (process.env.UPDATE_FILE_SCHEMA) writeFileSync(FILE, `${JSON.stringify(expected, null, 2)}\n`);
  expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(expected);
});

test('the validator is the published schema: a well-formed file passes, each kind of mistake names its field', () => {
  expect(FILE_SCHEMA.$id).toBe(buildFileSchema().$id);
  const good = {
    integrations: { ops: { kind: 'webhook', name: 'Ops', events: ['down'], config: { url: '${HOOK_URL}' } } },
    checks: {
      nightly: { name: 'Nightly', grace_sec: 300, schedule: { kind: 'cron', cron: '0 3 * * *' }, integrations: ['ops'] },
      site: { name: 'Site', kind: 'http', grace_sec: 60, http_config: { url: 'https://example.com' }, depends_on: ['nightly'] },
    },
  };
  expect(validateFileSchema(good)).toEqual([]);
  expect(validateFileSchema({ checks: { a: { name: 'A', grace_sec: '60', color: 'red' } } })).toEqual([
    { field: 'checks.a.color', parent: 'checks.a', unknownField: 'color', message: 'unknown field' },
    { field: 'checks.a.grace_sec', parent: 'checks.a.grace_sec', message: 'must be integer' },
  ]);
  expect(validateFileSchema({ integrations: { ops: { ...good.integrations.ops, config: { url: 'https://hooks.example/secret' } } } })).toEqual([
    { field: 'integrations.ops.config', parent: 'integrations.ops.config', message: 'does not match any of the forms allowed here' },
  ]);
  expect(validateFileSchema({ checks: { 'Bad Key': { name: 'A', grace_sec: 60 } } })[0]).toMatchObject({ message: expect.stringContaining('must match') });
});
