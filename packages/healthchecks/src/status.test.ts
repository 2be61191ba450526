import type { CheckState } from '@upmon/core';
import { hcNextPing, hcStatus } from './status.js';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (sec: number) => new Date(T0.getTime() + sec * 1000);
const state = (over: Partial<CheckState> = {}): CheckState => ({
  kind: 'heartbeat',
  status: 'up',
  schedule: { kind: 'period', periodSec: 3600, tz: 'UTC' },
  graceSec: 300,
  lastPingAt: T0,
  lastStartAt: null,
  lastStartRid: null,
  lastDurationMs: null,
  resumedAt: null,
  nextDeadlineAt: at(3600),
  failureCount: 0,
  confirmations: 1,
  minRunSec: null,
  ...over,
});

describe('hcStatus', () => {
  it.each([
    ['new', 'new'],
    ['up', 'up'],
    ['late', 'grace'],
    ['down', 'down'],
    ['paused', 'paused'],
  ] as const)('%s → %s', (status, hc) => expect(hcStatus(state({ status }))).toBe(hc));

  it('an open run is "started" (new, up or late); not when down or paused, nor for http checks', () => {
    expect(hcStatus(state({ status: 'new', lastStartAt: at(5) }))).toBe('started');
    expect(hcStatus(state({ status: 'late', lastStartAt: at(5) }))).toBe('started');
    expect(hcStatus(state({ status: 'down', lastStartAt: at(5) }))).toBe('down');
    expect(hcStatus(state({ status: 'paused', lastStartAt: at(5) }))).toBe('paused');
    expect(hcStatus(state({ kind: 'http', lastStartAt: at(5) }))).toBe('up');
  });
});

describe('hcNextPing', () => {
  it('up: the next expected ping; late: the same (grace started then)', () => {
    expect(hcNextPing(state())).toEqual(at(3600));
    expect(hcNextPing(state({ status: 'late' }))).toEqual(at(3600));
  });
  it('cron in a time zone', () => {
    const s = state({ schedule: { kind: 'cron', cron: '30 2 * * *', tz: 'Europe/Riga' } });
    expect(hcNextPing(s)).toEqual(new Date('2026-03-02T00:30:00.000Z'));
  });
  it('an open run: its start when earlier (Healthchecks get_grace_start)', () => {
    expect(hcNextPing(state({ lastStartAt: at(60) }))).toEqual(at(60));
    expect(hcNextPing(state({ status: 'new', lastPingAt: null, lastStartAt: at(60) }))).toEqual(at(60));
  });
  it('new, down, paused: null', () => {
    expect(hcNextPing(state({ status: 'new', lastPingAt: null }))).toBeNull();
    expect(hcNextPing(state({ status: 'down' }))).toBeNull();
    expect(hcNextPing(state({ status: 'paused' }))).toBeNull();
  });
});
