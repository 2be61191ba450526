import { PROBED_KINDS } from '@upmon/core';
import { createCipher } from '@upmon/crypto';
import { PROBE_KINDS } from '@upmon/probes';
import { makeProbeCheck, openTestStore, TEST_ENCRYPTION_KEY, type TestStore } from '@upmon/testing';
import { CHECK_STATE_COLUMNS, sqlRowToState, type CheckSqlRow } from '../src/check-sql.js';
import { checkRowToState } from '../src/check-state-mapper.js';
import { PROBE_COLUMNS } from '../src/probe-columns.js';
import { readProbeTargets } from '../src/probe-targets.js';
import { decodeProbeTarget, encodeProbeTarget } from '../src/remote-probes.js';

// Every probed kind of the registry against the real schema: its enum value, its columns, and a
// stored check of it read back by every hot-path read. A new kind is tried here without a new test.
let store: TestStore;
const cipher = createCipher(TEST_ENCRYPTION_KEY);

beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

test("the database's CheckKind enum is heartbeat and the probed kinds", async () => {
  const { rows } = await store.pool.query<{ kind: string }>(`SELECT unnest(enum_range(NULL::"CheckKind"))::text AS kind`);
  expect(rows.map((r) => r.kind).sort()).toEqual(['heartbeat', ...PROBED_KINDS].sort());
});

describe.each(PROBED_KINDS.map((kind) => [kind]))('probe kind %s', (kind) => {
  const definition = PROBE_KINDS[kind];

  test('has its columns: a secrets column exactly when it has secret fields', async () => {
    const { rows } = await store.pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'checks' AND column_name LIKE $1`,
      [`${kind}\\_%`],
    );
    const columns = PROBE_COLUMNS[kind];
    expect(columns.secrets !== null).toBe(definition.secretFields.length > 0);
    expect(rows.map((r) => r.column_name).sort()).toEqual([`${kind}_config`, ...(columns.secrets ? [`${kind}_secrets`] : [])]);
  });

  test('a stored check is read back as its config by the prober, the state machine and a remote job', async () => {
    const { value: stored } = definition.schema.validate({ ...definition.sampleConfig, confirmations: 3 });
    const check = await makeProbeCheck(store.prisma, store.projectId, kind, stored as Record<string, unknown>);

    const target = (await readProbeTargets(store.pool, cipher, [check.id])).get(check.id);
    expect(target?.definition).toBe(definition);
    expect(target?.configJson).toEqual(stored);
    expect(target?.config).toEqual(definition.fromJson(stored));

    const { rows } = await store.pool.query<CheckSqlRow>(`SELECT ${CHECK_STATE_COLUMNS} FROM checks c WHERE c.id = $1`, [check.id]);
    expect(sqlRowToState(rows[0]!).confirmations).toBe(3);
    expect(checkRowToState(check).confirmations).toBe(3);

    const remote = decodeProbeTarget(check.id, encodeProbeTarget(target!)!);
    expect(remote.config).toEqual(target?.config);
  });
});
