import { FLAP_DEFAULTS, flapDigestReleaseAt, flapSettingsOf, flapSettleMs, isCollapsedForFlapping } from './flapping.js';

const at = (iso: string) => new Date(iso);

describe('flapSettingsOf', () => {
  it('reads the columns, null when collapsing is off or a value is out of range', () => {
    expect(flapSettingsOf(6, 60)).toEqual({ maxChanges: 6, windowMin: 60 });
    expect(flapSettingsOf(null, 60)).toBeNull();
    expect(flapSettingsOf(0, 60)).toBeNull();
    expect(flapSettingsOf(101, 60)).toBeNull();
    expect(flapSettingsOf(6, 0)).toBeNull();
    expect(flapSettingsOf(6, 1441)).toBeNull();
    expect(flapSettingsOf(1.5, 60)).toBeNull();
  });
});

describe('isCollapsedForFlapping', () => {
  it('sends up to maxChanges changes in the window, collapses the ones beyond', () => {
    expect(isCollapsedForFlapping(FLAP_DEFAULTS, 6, false)).toBe(false);
    expect(isCollapsedForFlapping(FLAP_DEFAULTS, 7, false)).toBe(true);
  });
  it('keeps collapsing while a digest is pending, whatever the count', () => {
    expect(isCollapsedForFlapping(FLAP_DEFAULTS, 1, true)).toBe(true);
  });
  it('never collapses with the setting off', () => {
    expect(isCollapsedForFlapping(null, 1000, true)).toBe(false);
  });
});

describe('flapDigestReleaseAt', () => {
  it('settles after window / maxChanges without a change (10 min by default)', () => {
    expect(flapSettleMs(FLAP_DEFAULTS)).toBe(600_000);
    expect(flapSettleMs({ maxChanges: 7, windowMin: 60 })).toBe(514_286);
    const first = at('2026-11-22T10:00:00Z');
    expect(flapDigestReleaseAt(FLAP_DEFAULTS, first, first)).toEqual(at('2026-11-22T10:10:00Z'));
    expect(flapDigestReleaseAt(FLAP_DEFAULTS, first, at('2026-11-22T10:33:20Z'))).toEqual(at('2026-11-22T10:43:20Z'));
  });
  it('sends a digest at most one window after the first collapsed change of a check that never settles', () => {
    const first = at('2026-11-22T10:00:00Z');
    expect(flapDigestReleaseAt(FLAP_DEFAULTS, first, at('2026-11-22T10:55:00Z'))).toEqual(at('2026-11-22T11:00:00Z'));
    expect(flapDigestReleaseAt({ maxChanges: 2, windowMin: 1440 }, first, at('2026-11-23T09:00:00Z'))).toEqual(at('2026-11-23T10:00:00Z'));
  });
  it('counts elapsed time: a DST change does not move the release', () => {
    // 2026-10-25 01:00 UTC: Europe falls back an hour; the release is still 10 elapsed minutes later.
    const first = at('2026-10-25T00:55:00Z');
    expect(flapDigestReleaseAt(FLAP_DEFAULTS, first, first)).toEqual(at('2026-10-25T01:05:00Z'));
  });
});
