import { PLANS } from '../plans.js';
import { smsMonthOf, smsQuotaOf } from './sms-quota.js';

describe('smsQuotaOf', () => {
  it("uses the plan's default unless the account has its own quota", () => {
    expect(smsQuotaOf('free', null)).toBe(PLANS.free.smsPerMonth);
    expect(smsQuotaOf('pro', null)).toBe(100);
    expect(smsQuotaOf('business', null)).toBe(1000);
    expect(smsQuotaOf('pro', 7)).toBe(7);
    expect(smsQuotaOf('business', 0)).toBe(0);
  });
});

describe('smsMonthOf', () => {
  const cases: [string, string, string][] = [
    ['2026-11-24T07:00:00.000Z', '2026-11-01', '2026-12-01T00:00:00.000Z'],
    // The last millisecond of a month and the first of the next.
    ['2026-11-30T23:59:59.999Z', '2026-11-01', '2026-12-01T00:00:00.000Z'],
    ['2026-12-01T00:00:00.000Z', '2026-12-01', '2027-01-01T00:00:00.000Z'],
    // Year end.
    ['2026-12-31T23:30:00.000Z', '2026-12-01', '2027-01-01T00:00:00.000Z'],
    // Leap February.
    ['2028-02-29T12:00:00.000Z', '2028-02-01', '2028-03-01T00:00:00.000Z'],
    // UTC, not local time: 23:30 on Jan 31 in New York is already February in UTC.
    ['2027-02-01T04:30:00.000Z', '2027-02-01', '2027-03-01T00:00:00.000Z'],
  ];
  it.each(cases)('%s is in the month %s, which ends at %s', (now, key, next) => {
    const m = smsMonthOf(new Date(now));
    expect(m.key).toBe(key);
    expect(m.start.toISOString()).toBe(`${key}T00:00:00.000Z`);
    expect(m.next.toISOString()).toBe(next);
  });
});

describe('smsQuotaNotice', () => {
  it('says what stopped, what still works and when the quota renews', async () => {
    const { smsQuotaNotice } = await import('./sms-quota-notice.js');
    const n = smsQuotaNotice({
      accountName: 'Acme',
      plan: 'pro',
      quota: 100,
      month: smsMonthOf(new Date('2026-12-31T23:59:00Z')),
      appBaseUrl: 'https://upmon.test/',
    });
    expect(n.subject).toBe('SMS quota used up | Acme');
    expect(n.text).toContain('has used all 100 text messages (SMS) of its pro plan for December 2026 (UTC).');
    expect(n.text).toContain('Until the quota renews on 2027-01-01 at 00:00 UTC, SMS alerts are not sent');
    expect(n.text).toContain('keep delivering every alert');
    expect(n.text.endsWith('\nhttps://upmon.test')).toBe(true);
    expect(smsQuotaNotice({ accountName: 'A', plan: 'free', quota: 1, month: smsMonthOf(new Date('2026-02-10T00:00:00Z')), appBaseUrl: 'x' }).text).toContain(
      'all 1 text message (SMS) of its free plan for February 2026',
    );
  });
});
