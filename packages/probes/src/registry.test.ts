import { PROBED_KINDS } from '@upmon/core';
import { configFromForm, formFromConfig } from './form-codec.js';
import { isProbeKind, probeKind, PROBE_KINDS } from './registry.js';

// Every kind of the registry declares all of itself; a new kind is tried here without a new test.
describe.each(PROBED_KINDS.map((kind) => [kind]))('probe kind %s', (kind) => {
  const definition = PROBE_KINDS[kind];
  const sample = () => {
    const { value, error } = definition.schema.validate(definition.sampleConfig);
    expect(error).toBeUndefined();
    return value as Record<string, unknown>;
  };

  test('is named as the registry names it, its config field after it', () => {
    expect(isProbeKind(kind)).toBe(true);
    expect(probeKind(kind)).toBe(definition);
    expect(definition.kind).toBe(kind);
    expect(definition.configField).toBe(`${kind}_config`);
    expect(Object.values(definition.words).every((w) => w.trim() !== '')).toBe(true);
  });

  test('its sample config validates, reads back and is described on the check page', () => {
    const config = definition.fromJson(sample());
    expect(config).toMatchObject({ timeoutSec: expect.any(Number), confirmations: expect.any(Number), conditions: [] });
    const facts = definition.targetFacts(config, { showQuery: false });
    expect(facts.length).toBeGreaterThan(0);
    expect(facts.every((f) => f.label !== '' && f.value !== '')).toBe(true);
  });

  test('its secret fields and form fields are fields of its config', () => {
    const keys = Object.keys(definition.schema.describe().keys as Record<string, unknown>);
    expect(keys).toEqual(expect.arrayContaining([...definition.secretFields]));
    expect(keys).toEqual(expect.arrayContaining(definition.formFields.map((f) => f.name.split('.')[0])));
    expect(definition.conditionTypes.length).toBeGreaterThan(0);
  });

  test('its form round-trips its sample config', () => {
    const values = formFromConfig(definition, sample());
    const { config, errors } = configFromForm(definition, (name) => values[name] ?? '');
    expect(errors).toEqual({});
    const { value, error } = definition.schema.validate(config);
    expect(error).toBeUndefined();
    expect(definition.fromJson(value)).toEqual(definition.fromJson(sample()));
  });
});

test('the registry defines exactly the probed kinds', () => {
  expect(Object.keys(PROBE_KINDS).sort()).toEqual([...PROBED_KINDS].sort());
  expect(isProbeKind('heartbeat')).toBe(false);
  expect(() => probeKind('heartbeat')).toThrow('not a probe kind: heartbeat');
});
