import type { Condition } from './condition.js';
import { evaluateConditions, failuresInWords, type ConditionFacts } from './evaluate-conditions.js';
import { conditionsFromJson, conditionsSchema } from './condition-schema.js';
import { CONDITION_TYPES } from './condition.js';

const facts = (extra: Partial<ConditionFacts> = {}): ConditionFacts => ({
  statusCode: 200,
  body: JSON.stringify({ status: 'ok', count: 7, ratio: '0.5', tags: ['a', 'b'], ok: true, none: null, nested: { x: 1 } }),
  headers: { 'content-type': 'application/json; charset=utf-8', 'set-cookie': ['a=1', 'b=2'] },
  responseTimeMs: 120,
  certificateDaysLeft: 30,
  ...extra,
});
const failing = (conditions: Condition[], f = facts()) => evaluateConditions(conditions, f).map((x) => x.text);

describe('evaluateConditions', () => {
  it('passing conditions of every type', () => {
    expect(
      failing([
        { type: 'status_code', operator: 'equals', value: 200 },
        { type: 'status_code', operator: 'less_than', value: 300 },
        { type: 'json_body', path: '$.status', operator: 'equals', value: 'ok' },
        { type: 'json_body', path: '/count', operator: 'greater_than', value: 5 },
        { type: 'json_body', path: '/count', operator: 'equals', value: '7' },
        { type: 'json_body', path: '/ratio', operator: 'less_than', value: 1 },
        { type: 'json_body', path: '/tags', operator: 'contains', value: 'b' },
        { type: 'json_body', path: '/status', operator: 'contains', value: 'o' },
        { type: 'json_body', path: '/ok', operator: 'equals', value: true },
        { type: 'json_body', path: '/none', operator: 'exists' },
        { type: 'json_body', path: '/none', operator: 'equals', value: null },
        { type: 'json_body', path: '/status', operator: 'not_equals', value: 'down' },
        { type: 'header', name: 'Content-Type', operator: 'contains', value: 'json' },
        { type: 'header', name: 'set-cookie', operator: 'equals', value: 'a=1, b=2' },
        { type: 'header', name: 'content-type', operator: 'exists' },
        { type: 'response_time', operator: 'less_than', value: 500 },
        { type: 'certificate_days', operator: 'greater_than', value: 14 },
      ]),
    ).toEqual([]);
  });

  it('names each failing condition with what was there', () => {
    expect(
      failing([
        { type: 'status_code', operator: 'equals', value: 204 },
        { type: 'json_body', path: '$.status', operator: 'equals', value: 'up' },
        { type: 'json_body', path: '/missing', operator: 'exists' },
        { type: 'json_body', path: '/status', operator: 'greater_than', value: 1 },
        { type: 'json_body', path: '/nested', operator: 'equals', value: 'x' },
        { type: 'json_body', path: '/count', operator: 'contains', value: 7 },
        { type: 'header', name: 'x-missing', operator: 'exists' },
        { type: 'header', name: 'content-type', operator: 'not_equals', value: 'application/json; charset=utf-8' },
        { type: 'response_time', operator: 'less_than', value: 100 },
        { type: 'certificate_days', operator: 'greater_than', value: 60 },
      ]),
    ).toEqual([
      'status code equals 204 (was 200)',
      'body $.status equals "up" (was "ok")',
      'body /missing exists (not found)',
      'body /status greater than 1 (was "ok", not a number)',
      'body /nested equals "x" (was an object)',
      'body /count contains 7 (was 7, neither text nor a list)',
      'header x-missing exists (not present)',
      'header content-type does not equal "application/json; charset=utf-8" (was "application/json; charset=utf-8")',
      'response time less than 100 ms (was 120)',
      'certificate days left greater than 60 (was 30)',
    ]);
  });

  it('a body that is not JSON fails every JSON condition with the reason, and only those', () => {
    const f = facts({ body: '<html>oops</html>' });
    const out = failing(
      [
        { type: 'json_body', path: '/a', operator: 'exists' },
        { type: 'status_code', operator: 'equals', value: 200 },
        { type: 'json_body', path: '/b', operator: 'equals', value: 1 },
      ],
      f,
    );
    expect(out).toHaveLength(2);
    for (const t of out) expect(t).toMatch(/\(body is not JSON: Unexpected token '?<'?/);
    expect(failing([{ type: 'json_body', path: '/a', operator: 'exists' }], facts({ body: null, bodyMissing: 'larger than 1 MB' }))).toEqual([
      'body /a exists (no body read: larger than 1 MB)',
    ]);
    expect(failing([{ type: 'certificate_days', operator: 'greater_than', value: 1 }], facts({ certificateDaysLeft: null }))).toEqual([
      'certificate days left greater than 1 (no certificate)',
    ]);
  });

  it('parses a deeply nested body without blowing the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(() => failing([{ type: 'json_body', path: '/0', operator: 'exists' }], facts({ body: deep }))).not.toThrow();
  });

  it('failuresInWords', () => {
    const f = evaluateConditions([{ type: 'status_code', operator: 'equals', value: 1 }], facts());
    expect(failuresInWords(f)).toBe('condition failed: status code equals 1 (was 200)');
    expect(failuresInWords([...f, ...f])).toMatch(/^2 conditions failed: .*; /);
    expect(failuresInWords([])).toBe('');
  });
});

describe('conditions schema', () => {
  const schema = conditionsSchema(CONDITION_TYPES, 'AnyCondition');
  const paths = (input: unknown) => schema.validate(input, { abortEarly: false }).error?.details.map((d) => `${d.path.join('.')}: ${d.message}`);

  it('accepts every valid shape', () => {
    const input = [
      { type: 'status_code', operator: 'less_than', value: 400 },
      { type: 'json_body', path: '$.a', operator: 'equals', value: null },
      { type: 'json_body', path: '/a', operator: 'exists' },
      { type: 'header', name: 'X-Api', operator: 'equals', value: '' },
      { type: 'response_time', operator: 'less_than', value: 500 },
      { type: 'certificate_days', operator: 'greater_than', value: 14 },
    ];
    expect(schema.validate(input).error).toBeUndefined();
  });

  it('refuses wrong operators, values, paths and bounds', () => {
    expect(
      paths([
        { type: 'status_code', operator: 'contains', value: 200 },
        { type: 'status_code', operator: 'equals', value: 700 },
        { type: 'json_body', path: '$..a', operator: 'exists' },
        { type: 'json_body', path: '/a', operator: 'exists', value: 1 },
        { type: 'json_body', path: '/a', operator: 'less_than', value: 'x' },
        { type: 'header', name: 'bad name', operator: 'exists' },
        { type: 'response_time', operator: 'less_than' },
        { type: 'json_body', path: '/a', operator: 'equals', value: 'x'.repeat(1001) },
        { type: 'nope', operator: 'exists' },
      ]),
    ).toEqual([
      expect.stringMatching(/^0: operator contains does not apply to type status_code/),
      expect.stringMatching(/^1\.value: .*less than or equal to 599/),
      expect.stringMatching(/^2\.path: .*recursive descent/),
      expect.stringMatching(/^3\.value: .*not allowed/),
      expect.stringMatching(/^4\.value: .*must be a number/),
      expect.stringMatching(/^5\.name: .*must be a header name/),
      expect.stringMatching(/^6\.value: .*required/),
      expect.stringMatching(/^7\.value: /),
      expect.stringMatching(/^8\.type: /),
    ]);
    expect(paths(Array.from({ length: 21 }, () => ({ type: 'response_time', operator: 'less_than', value: 1 })))).toEqual([
      expect.stringMatching(/at most 20|less than or equal to 20/),
    ]);
  });

  it('stored conditions are read defensively', () => {
    expect(
      conditionsFromJson(
        [{ type: 'status_code', operator: 'equals', value: 200 }, { type: 'json_body', operator: 'exists', path: '/a' }, { type: 'bogus' }, null, 'x'],
        ['status_code'],
      ),
    ).toEqual([{ type: 'status_code', operator: 'equals', value: 200 }]);
    expect(conditionsFromJson('nope', CONDITION_TYPES)).toEqual([]);
  });
});
