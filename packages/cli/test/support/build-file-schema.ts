import { CHANNEL_KINDS, secretFields } from '@upmon/channels';
import { PROBE_KINDS } from '@upmon/probes';
import { apiInputSchemas, CODE_KEY_PATTERN } from '@upmon/domain';

type Schema = Record<string, any>;

const KEY = { type: 'string', pattern: CODE_KEY_PATTERN.source, maxLength: 100 };
/** What a credential is written as in the files. */
const ENV_REF = { type: 'string', pattern: '^\\$\\{[A-Za-z_][A-Za-z0-9_]{0,127}\\}$', description: 'A ${VARIABLE} of the environment the CLI runs in' };

/** The definitions `schema` refers to, transitively (`#/components/schemas/X` → `#/$defs/X`). */
function reachable(root: Schema, components: Record<string, Schema>): Record<string, Schema> {
  const defs: Record<string, Schema> = {};
  const visit = (s: unknown) => {
    for (const [, name] of JSON.stringify(s).matchAll(/"#\/components\/schemas\/([A-Za-z]+)"/g)) {
      if (defs[name!] || !components[name!]) continue;
      defs[name!] = components[name!]!;
      visit(defs[name!]);
    }
  };
  visit(root);
  return defs;
}

/** A credential's schema: strings become ${VARIABLE} references or, for a probe's settings, either. */
function secret(s: Schema, literalAllowed: boolean): Schema {
  if (s.type === 'string') return literalAllowed ? { anyOf: [ENV_REF, s] } : ENV_REF;
  if (s.type === 'object') {
    const out: Schema = { ...s };
    if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties as Schema).map(([k, v]) => [k, secret(v as Schema, literalAllowed)]));
    if (s.additionalProperties && typeof s.additionalProperties === 'object') out.additionalProperties = secret(s.additionalProperties, literalAllowed);
    return out;
  }
  return s;
}

/**
 * The JSON Schema of the monitoring-as-code files, derived from the API's own request schemas
 * (the joi definitions its validators use): a check is a CheckInput whose `depends_on` names check
 * keys and which may name its `integrations` by key; an integration is an IntegrationInput whose
 * credentials (its channel kind's secret fields) must be ${VARIABLE} references.
 */
export function buildFileSchema(): Schema {
  const { components } = apiInputSchemas() as unknown as { components: Record<string, Schema> };
  const check: Schema = structuredClone(components.CheckInput!);
  check.properties.depends_on = { ...check.properties.depends_on, items: KEY, description: 'Keys of the checks (of these files) this check depends on.' };
  check.properties.integrations = {
    type: ['array', 'null'],
    uniqueItems: true,
    items: KEY,
    description: "Keys of the integrations (of these files) that notify about this check; absent or null: the integrations' tags rule.",
  };
  const integration: Schema = structuredClone(components.IntegrationInput!);
  const defs = reachable({ check, integration }, structuredClone(components));
  for (const kind of Object.values(PROBE_KINDS)) {
    const name = Object.keys(defs).find((n) => n.toLowerCase() === `${kind.kind}config`);
    if (!name) throw new Error(`no definition of ${kind.configField}`);
    for (const f of kind.secretFields) defs[name]!.properties[f] = secret(defs[name]!.properties[f], true);
  }
  for (const branch of integration.properties.config.anyOf as Schema[]) {
    const channel = CHANNEL_KINDS.find((c) => c.kind === branch.title);
    if (!channel) throw new Error(`config of an unknown kind ${String(branch.title)}`);
    for (const f of secretFields(channel)) if (branch.properties?.[f]) branch.properties[f] = secret(branch.properties[f], false);
  }
  const byKey = (ref: string) => ({ type: 'object', propertyNames: KEY, additionalProperties: { $ref: ref } });
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://upmon.dev/schemas/upmon.schema.json',
    title: 'upmon monitoring as code',
    description: 'A file of a project: its checks and integrations by key (docs/monitoring-as-code.md). Several files or a directory make one project.',
    type: 'object',
    additionalProperties: false,
    properties: { checks: byKey('#/$defs/Check'), integrations: byKey('#/$defs/Integration') },
    $defs: { Check: check, Integration: integration, ...defs },
  };
  return JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')) as Schema;
}
