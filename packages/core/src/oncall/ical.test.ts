import { escapeIcalText, renderIcal } from './ical.js';

const NOW = new Date('2026-03-28T12:00:00.123Z');

describe('renderIcal', () => {
  it('writes UTC times, CRLF line ends and one VEVENT per shift', () => {
    const text = renderIcal(
      'On call',
      [{ uid: 'a@upmon', start: new Date('2026-03-29T07:00:00Z'), end: new Date('2026-03-30T07:00:00Z'), summary: 'Ann' }],
      NOW,
    );
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//upmon//on-call//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:On call',
      'BEGIN:VEVENT',
      'UID:a@upmon',
      'DTSTAMP:20260328T120000Z',
      'DTSTART:20260329T070000Z',
      'DTEND:20260330T070000Z',
      'SUMMARY:Ann',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeIcalText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const summary = 'Bereitschaft für Ünïcödé-Tëäm 🚨 '.repeat(6);
    const text = renderIcal('x', [{ uid: 'u', start: NOW, end: NOW, summary }], NOW);
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`SUMMARY:${summary}\r\n`);
  });
});
