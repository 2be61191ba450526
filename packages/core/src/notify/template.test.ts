import { escapingForContentType, findPlaceholders, jsonEscape, renderTemplate, type TemplateValues } from './template.js';

const values: TemplateValues = {
  event: 'down',
  check_id: '7d5c1a0e-0000-4000-8000-000000000001',
  check_name: 'nightly "backup" \\ db',
  status: 'down',
  previous_status: 'up',
  reason: 'timeout',
  ts: '2026-11-22T07:40:12.000+00:00',
  tags: 'prod db',
  subject: 'DOWN | nightly "backup" \\ db',
  message: 'line one\nline two\ttab \u2028 {{check_id}}',
};

describe('escapingForContentType', () => {
  it.each([
    ['application/json', 'json'],
    ['Application/JSON; charset=utf-8', 'json'],
    ['application/vnd.api+json', 'json'],
    ['application/x-www-form-urlencoded', 'form'],
    ['text/plain', 'none'],
    ['text/json-ish', 'none'],
    ['', 'none'],
  ])('%s → %s', (ct, want) => expect(escapingForContentType(ct)).toBe(want));
});

describe('renderTemplate', () => {
  it('substitutes JSON-escaped values so the body stays valid JSON', () => {
    const tpl = '{"text": "{{subject}}", "msg": "{{message}}", "id": "{{check_id}}", "tags": "{{tags}}"}';
    const body = renderTemplate(tpl, values, 'json');
    const parsed = JSON.parse(body);
    expect(parsed).toEqual({ text: values.subject, msg: values.message, id: values.check_id, tags: 'prod db' });
  });
  it('cannot be broken out of by a hostile check name', () => {
    const evil = { ...values, check_name: '", "admin": true, "x": "' };
    const parsed = JSON.parse(renderTemplate('{"name": "{{check_name}}"}', evil, 'json'));
    expect(Object.keys(parsed)).toEqual(['name']);
    expect(parsed.name).toBe(evil.check_name);
  });
  it('does not expand placeholders that appear inside values (one pass)', () => {
    const body = renderTemplate('{{message}}', values, 'none');
    expect(body).toBe(values.message);
    expect(body).toContain('{{check_id}}');
  });
  it('allows spaces inside the braces and leaves unknown placeholders alone', () => {
    expect(renderTemplate('{{ event }}/{{status}}/{{nope}}/{{ Event }}', values, 'none')).toBe('down/down/{{nope}}/{{ Event }}');
  });
  it('substitutes every placeholder, repeatedly', () => {
    const all = Object.keys(values)
      .map((k) => `{{${k}}}`)
      .join('|');
    expect(renderTemplate(`${all}|${all}`, values, 'none')).toBe([...Object.values(values), ...Object.values(values)].join('|'));
  });
  it('form-encodes values for urlencoded bodies', () => {
    const body = renderTemplate('name={{check_name}}&ev={{event}}', values, 'form');
    expect(new URLSearchParams(body).get('name')).toBe(values.check_name);
    expect([...new URLSearchParams(body).keys()]).toEqual(['name', 'ev']);
  });
  it('leaves values raw for other content types', () => {
    expect(renderTemplate('Check {{check_name}} is {{status}}', values, 'none')).toBe('Check nightly "backup" \\ db is down');
  });
  it('is the identity on a template without placeholders', () => {
    expect(renderTemplate('{"static": true}', values, 'json')).toBe('{"static": true}');
  });
});

describe('jsonEscape', () => {
  it('escapes quotes, backslashes, control characters and line separators', () => {
    expect(jsonEscape('a"b\\c\nd\u0001e\u2028f')).toBe('a\\"b\\\\c\\nd\\u0001e\\u2028f');
  });
  it('keeps non-ASCII text', () => expect(jsonEscape('žņ ✓')).toBe('žņ ✓'));
});

describe('findPlaceholders', () => {
  const byRegex = (t: string) => [...t.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]);

  it.each([
    '{{event}}',
    '{{ check_name }} and {{ts}}',
    '{{{event}}}',
    '{{ {{event}} }}',
    '{{a}b}}',
    '{{}}',
    '{{ }}',
    '}}{{x',
    '{{x}',
    '{{{{{{',
    'no braces',
    '{{ a b }}{{c}}}}',
  ])('finds what the regex finds in %s', (t) => {
    expect(findPlaceholders(t)).toEqual(byRegex(t));
  });

  it('agrees with the regex on random brace soup', () => {
    const alphabet = ['{', '}', ' ', 'a', '_', '\n'];
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2_000; i++) {
      const t = Array.from({ length: Math.floor(rnd() * 30) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      expect(findPlaceholders(t)).toEqual(byRegex(t));
    }
  });

  it('is linear on "{{" followed by many spaces', () => {
    const inputs = [`{{${' '.repeat(256 * 1024)}`, '{{ '.repeat(80_000)];
    // The least of three runs: the process's CPU time also counts V8's compiler and GC threads.
    let least = Infinity;
    for (let i = 0; i < 3; i++) {
      const start = process.cpuUsage();
      for (const t of inputs) expect(findPlaceholders(t)).toEqual([]);
      const used = process.cpuUsage(start);
      least = Math.min(least, (used.user + used.system) / 1000);
    }
    expect(least).toBeLessThan(50);
  });
});
