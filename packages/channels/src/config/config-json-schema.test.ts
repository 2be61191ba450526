import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { sampleConfigs } from '../../test/support/channel-test-kit.js';
import { CHANNEL_KINDS } from '../registry.js';
import { configJsonSchema } from './config-json-schema.js';

// ajv and ajv-formats are CommonJS; under ESM the default import may be the module object.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as typeof Ajv2020Module;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const samples = { ...sampleConfigs('https://example.org'), email: { email: 'oncall@example.org' } };

/** The document's schema and the API's joi schema agree on each case (both accept, or both refuse). */
describe.each(CHANNEL_KINDS.map((k) => [k.kind, k] as const))('%s config as JSON Schema', (_name, kind) => {
  const validate = ajv.compile(configJsonSchema(kind));
  const joiAccepts = (config: unknown) => kind.configSchema.validate(config, { convert: false }).error === undefined;
  const sample = samples[kind.kind] ?? {};

  it('accepts what the API accepts and refuses what it refuses', () => {
    const cases: [string, unknown][] = [
      ['the sample', sample],
      ['an unknown key', { ...sample, surprise: 'x' }],
      ...Object.keys(sample).map((k): [string, unknown] => [`without ${k}`, Object.fromEntries(Object.entries(sample).filter(([key]) => key !== k))]),
      ...Object.keys(sample).map((k): [string, unknown] => [`${k} far too long`, { ...sample, [k]: 'x'.repeat(20_000) }]),
      ...Object.keys(sample).map((k): [string, unknown] => [`${k} not a string`, { ...sample, [k]: 12 }]),
      ...Object.keys(sample).map((k): [string, unknown] => [`${k} an ftp URL`, { ...sample, [k]: 'ftp://example.org/x' }]),
    ];
    for (const [name, config] of cases) expect([name, validate(config)]).toEqual([name, joiAccepts(config)]);
  });
});
