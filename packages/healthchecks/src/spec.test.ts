import { parseHcSpec } from './spec.js';

describe('parseHcSpec (Healthchecks request validation)', () => {
  it('accepts the Go client / Terraform create body as sent', () => {
    // go-healthchecksio's Healthcheck: channels and methods are always sent (no omitempty).
    const body = { channels: '', desc: 'nightly', grace: 3600, methods: '', name: 'Backups', slug: 'backups', tags: 'prod db', timeout: 300 };
    expect(parseHcSpec(body)).toEqual(body);
  });

  it('ignores unknown fields and treats nulls as absent (the Ansible collection sends both)', () => {
    const body = {
      management_api_token: 'secret',
      management_api_base_url: 'http://x/api/v3',
      state: 'present',
      name: 'n',
      timeout: null,
      schedule: '0 3 * * *',
      tz: 'Europe/Riga',
      unique: [],
      manual_resume: false,
    };
    expect(parseHcSpec(body)).toEqual({ name: 'n', schedule: '0 3 * * *', tz: 'Europe/Riga', unique: [], manual_resume: false });
  });

  it.each([
    [{ name: 5 }, 'json validation error: name is not a string'],
    [{ name: 'x'.repeat(101) }, 'json validation error: name is too long'],
    [{ slug: 'Bad Slug' }, 'json validation error: slug does not match pattern'],
    [{ timeout: 59 }, 'json validation error: timeout is too small'],
    [{ grace: 31_536_001 }, 'json validation error: grace is too large'],
    [{ grace: '60' }, 'json validation error: grace is not a number'],
    [{ timeout: 60.5 }, 'json validation error: timeout is not a number'],
    [{ manual_resume: 'yes' }, 'json validation error: manual_resume is not a boolean'],
    [{ methods: 'GET' }, 'json validation error: methods has unexpected value'],
    [{ unique: 'name' }, 'json validation error: unique is not an array'],
    [{ unique: ['name', 'desc'] }, "json validation error: an item in 'unique' has unexpected value"],
    [{ tz: 'Mars/Olympus' }, 'json validation error: tz is not a valid timezone'],
    [{ schedule: 'x'.repeat(101) }, 'json validation error: schedule is too long'],
  ])('%j → 400 %s', (body, message) => {
    expect(() => parseHcSpec(body as Record<string, unknown>)).toThrow(message);
  });

  it.each([
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['UCT', 'Etc/UTC'],
    ['CET', 'Europe/Brussels'],
    ['Europe/Riga', 'Europe/Riga'],
  ])('tz %s is stored as %s (legacy names as their canonical zone, as Healthchecks)', (tz, stored) => {
    expect(parseHcSpec({ tz }).tz).toBe(stored);
  });

  it('checks schedules with upmon parsers, guessing the kind as Healthchecks does', () => {
    expect(parseHcSpec({ schedule: '*/5 * * * *' }).schedule).toBe('*/5 * * * *');
    expect(parseHcSpec({ schedule: 'Mon..Fri *-*-* 09:00' }).schedule).toBe('Mon..Fri *-*-* 09:00');
    expect(() => parseHcSpec({ schedule: '61 * * * *' })).toThrow(/schedule is not a valid cron or OnCalendar expression/);
    expect(() => parseHcSpec({ schedule: 'not a schedule' })).toThrow(/schedule is not a valid cron or OnCalendar expression/);
  });
});
