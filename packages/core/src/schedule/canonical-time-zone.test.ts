import { canonicalTimeZone, legacyTimeZones } from './canonical-time-zone.js';
import { isValidTimeZone, offsetMinutes } from './timezone.js';

describe('canonicalTimeZone', () => {
  it.each([
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['UCT', 'Etc/UTC'],
    ['Universal', 'Etc/UTC'],
    ['CET', 'Europe/Brussels'],
    ['EST', 'America/Panama'],
    ['US/Eastern', 'America/New_York'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['GMT0', 'Etc/GMT'],
  ])('%s → %s', (legacy, canonical) => expect(canonicalTimeZone(legacy)).toBe(canonical));

  it('leaves current names, UTC and unknown names alone', () => {
    for (const tz of ['Europe/Kyiv', 'UTC', 'Etc/UTC', 'Europe/Riga', 'Europe/Bratislava', 'America/Montreal', 'Mars/Olympus', ''])
      expect(canonicalTimeZone(tz)).toBe(tz);
  });

  it('every legacy name and its canonical zone are known to the runtime and agree on the offset (winter and summer)', () => {
    const instants = ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z'].map((s) => Date.parse(s));
    const disagreements: string[] = [];
    for (const [legacy, canonical] of legacyTimeZones()) {
      expect([legacy, isValidTimeZone(legacy)]).toEqual([legacy, true]);
      expect([canonical, isValidTimeZone(canonical)]).toEqual([canonical, true]);
      expect(legacyTimeZones().has(canonical)).toBe(false);
      for (const t of instants) if (offsetMinutes(legacy, t) !== offsetMinutes(canonical, t)) disagreements.push(`${legacy} ${new Date(t).toISOString()}`);
    }
    expect(disagreements).toEqual([]);
    expect(legacyTimeZones().size).toBe(113);
  });
});
