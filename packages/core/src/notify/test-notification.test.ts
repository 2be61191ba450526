import { renderTemplate, escapingForContentType } from './template.js';
import { buildTestNotification, TEST_CHECK_ID } from './test-notification.js';

describe('buildTestNotification', () => {
  const n = buildTestNotification({
    integrationName: 'ops "hook"',
    now: new Date('2026-03-01T12:00:00Z'),
    link: 'https://app.example/projects/p/integrations/7',
  });

  test('says what it is, about no check, paging nobody', () => {
    expect(n.event).toBe('test');
    expect(n.status).toBe('up');
    expect(n.checkId).toBe(TEST_CHECK_ID);
    expect(n.subject).toBe('TEST | upmon test notification');
    expect(n.text).toContain('integration "ops "hook""');
    expect(n.text).toContain('2026-03-01 12:00:00 UTC');
    expect(n.text.endsWith('https://app.example/projects/p/integrations/7')).toBe(true);
    expect(n.values.ts).toBe('2026-03-01T12:00:00.000+00:00');
  });

  test('every webhook placeholder has a value (JSON-escaped in JSON templates)', () => {
    const body = renderTemplate('{"e":"{{event}}","m":"{{message}}","s":"{{status}}"}', n.values, escapingForContentType('application/json'));
    expect(JSON.parse(body)).toEqual({ e: 'test', m: n.text, s: 'up' });
  });
});
