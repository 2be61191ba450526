import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import * as prettier from 'prettier';
import { apiInputSchemas, type JsonSchema } from '@upmon/domain';

// The TypeScript types of the request bodies are generated from the same joi definitions as the
// validators and the OpenAPI document (one definition per input): this test fails when
// src/generated/request-bodies.ts is not what the definitions give. To regenerate:
//   UPDATE_REQUEST_BODIES=1 pnpm test:jest packages/domain/test/request-bodies.test.ts

const FILE = fileURLToPath(new URL('../src/generated/request-bodies.ts', import.meta.url));
/** Document name → type name: each body as its validator returns it (defaults filled in). */
const BODIES: Record<string, string> = {
  CheckInput: 'CheckBody',
  IntegrationInput: 'IntegrationBody',
  MaintenanceInput: 'MaintenanceBody',
  StatusPageInput: 'StatusPageBody',
  StatusPageSubscriberInput: 'StatusPageSubscriberBody',
  SubscriberImport: 'SubscriberImportBody',
  IncidentInput: 'IncidentBody',
  IncidentPatch: 'IncidentPatchBody',
  IncidentUpdateInput: 'IncidentUpdateBody',
  IncidentUpdateEdit: 'IncidentUpdateEditBody',
  SloInput: 'SloBody',
};
const PATCHES = new Set(['CheckPatch', 'IntegrationPatch', 'MaintenancePatch']);

const pascal = (name: string) => name.replace(/(^|[_-])([a-z])/g, (_m, _s, c: string) => c.toUpperCase());

/**
 * For the types: a field's description or default beside a `$ref` would make a second copy of the
 * referred type, so they go (after `withDefaultsRequired` has seen the default); an integration config's title (its kind) names its type (`WebhookConfig`).
 */
function forTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forTypes);
  if (typeof node !== 'object' || node === null) return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'default' ? v : forTypes(v)])) as JsonSchema;
  if (out.$ref) {
    delete out.description;
    delete out.default;
  }
  if (typeof out.title === 'string') out.title = `${pascal(out.title)}Config`;
  return out;
}

/** After validation a field with a default is always there. */
function withDefaultsRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withDefaultsRequired);
  if (typeof node !== 'object' || node === null) return node;
  const out = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === 'properties' ? Object.fromEntries(Object.entries(v as JsonSchema).map(([p, s]) => [p, withDefaultsRequired(s)])) : withDefaultsRequired(v),
    ]),
  ) as JsonSchema;
  if (out.properties) {
    const defaulted = Object.entries(out.properties as Record<string, JsonSchema>)
      .filter(([, s]) => s.default !== undefined)
      .map(([k]) => k);
    const required = [...new Set([...((out.required as string[]) ?? []), ...defaulted])];
    if (required.length > 0) out.required = required;
  }
  return out;
}

async function generated(): Promise<string> {
  const $defs: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(apiInputSchemas().components)) {
    if (PATCHES.has(name)) continue;
    const renamed = JSON.parse(JSON.stringify(schema).replace(/#\/components\/schemas\/(\w+)/g, (_m, ref: string) => `#/$defs/${BODIES[ref] ?? ref}`));
    $defs[BODIES[name] ?? name] = { ...(forTypes(withDefaultsRequired(renamed)) as JsonSchema), title: BODIES[name] ?? name };
  }
  const root = {
    $defs,
    type: 'object',
    properties: Object.fromEntries(Object.keys($defs).map((n) => [n, { $ref: `#/$defs/${n}` }])),
    additionalProperties: false,
  };
  const source = await compile(root as never, 'RequestBodies', { bannerComment: '', additionalProperties: false, ignoreMinAndMaxItems: true, format: false });
  const body = source.replace(/export interface RequestBodies \{[^}]*\}\n/, '');
  const header =
    '// Generated from the joi definitions of @upmon/domain by test/request-bodies.test.ts: do not edit.\n// Each request body as its validator returns it (fields with a default are always present).\n\n';
  return prettier.format(header + body, { ...(await prettier.resolveConfig(FILE)), parser: 'typescript' });
}

test('src/generated/request-bodies.ts is what the joi definitions give', async () => {
  const expected = await generated();
  if (process.env.UPDATE_REQUEST_BODIES) writeFileSync(FILE, expected);
  expect(readFileSync(FILE, 'utf8')).toBe(expected);
});
