import { BADGE_COLORS, badgeLabel, badgeShields, badgeSvg } from './badge-render.js';

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

test.each(Object.entries(BADGE_COLORS))('white text on %s (%s) is readable: contrast ≥ 4.5:1', (_name, hex) => {
  expect(contrastWithWhite(hex)).toBeGreaterThanOrEqual(4.5);
});

test('the SVG is escaped, sized from its text and labelled for screen readers', () => {
  const svg = badgeSvg('<script>&"', 'down');
  expect(svg).not.toContain('<script>');
  expect(svg).toContain('&lt;script&gt;&amp;&quot;');
  expect(svg).toContain('aria-label="&lt;script&gt;&amp;&quot;: down"');
  expect(svg).toContain(BADGE_COLORS.down);
  const width = (s: string) => Number(/<svg[^>]* width="(\d+)"/.exec(s)?.[1]);
  expect(width(badgeSvg('a-rather-long-tag-name', 'up'))).toBeGreaterThan(width(badgeSvg('db', 'up')));
  expect(width(badgeSvg('db', 'late'))).toBeGreaterThan(width(badgeSvg('db', 'up')));
});

test('labels: characters XML cannot carry are replaced, whitespace collapsed, length bounded', () => {
  expect(badgeLabel('a\u0000b\u001bc\ud800d')).toBe('a\ufffdb\ufffdc\ufffdd');
  expect(badgeLabel(' nightly \n\t backup ')).toBe('nightly backup');
  expect(badgeLabel('😀'.repeat(150))).toBe(`${'😀'.repeat(99)}…`);
  expect(badgeSvg('x\u0001y', 'up')).not.toMatch(/[\u0000-\u0008]/);
});

test('shields endpoint format', () => {
  expect(badgeShields('prod', 'late')).toEqual({ schemaVersion: 1, label: 'prod', message: 'late', color: 'b45309', labelColor: '555555' });
});
