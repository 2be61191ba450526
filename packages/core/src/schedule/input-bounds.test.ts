import { nextCronAfter, validateCron } from './cron.js';
import { nextOnCalendarAfter, validateOnCalendar } from './oncalendar.js';
import { parseCalendarSpec } from './oncalendar-parse.js';
import { isValidTimeZone } from './timezone.js';

const KB256 = 256 * 1024;

/**
 * CPU milliseconds (user + system) this process spent running `fn`, the least of three runs: the
 * process's CPU time also counts V8's compiler and GC threads, which a loaded machine makes land
 * in any one run; work that grows with the input is in every run.
 */
function cpuMsOf(fn: () => void): number {
  let least = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  return least;
}

describe('schedule input bounds', () => {
  it('refuses an over-long cron expression before parsing it, even a valid one padded with spaces', () => {
    const padded = `*/5 * * * *${' '.repeat(KB256)}`;
    const ms = cpuMsOf(() => expect(validateCron(padded)).toBe('must be at most 255 characters'));
    expect(ms).toBeLessThan(50);
    expect(() => nextCronAfter(padded, 'UTC', new Date(0))).toThrow('must be at most 255 characters');
    expect(validateCron(`*/5 * * * *${' '.repeat(200)}`)).toBeNull();
  });

  it('refuses an over-long OnCalendar expression before parsing it', () => {
    const ms = cpuMsOf(() => expect(validateOnCalendar('mon,'.repeat(32_000))).toBe('must be at most 255 characters'));
    expect(ms).toBeLessThan(50);
    expect(() => nextOnCalendarAfter(`daily${' '.repeat(KB256)}`, 'UTC', new Date(0))).toThrow('must be at most 255 characters');
  });

  it('parses a long weekday list in linear time', () => {
    // The parser itself, without the length bound in front of it: 32,000 weekdays once took
    // seconds. Four times the list may cost at most about four times as much (a quadratic parser:
    // sixteen), measured side by side so that a busy machine slows both alike.
    const parse = (n: number) => cpuMsOf(() => expect(() => parseCalendarSpec(`${'mon,'.repeat(n)}tue 12:00`)).not.toThrow());
    const [small, large] = [parse(8_000), parse(32_000)];
    expect(large).toBeLessThan(Math.max(50, 6 * small));
    expect(parseCalendarSpec('Mon,WEDNESDAY,fri 12:00').weekdayBits).toBe(0b10101);
  });

  it('answers an over-long time zone name without asking Intl', () => {
    const ms = cpuMsOf(() => expect(isValidTimeZone(`Europe/Riga${' '.repeat(KB256)}`)).toBe(false));
    expect(ms).toBeLessThan(50);
    expect(isValidTimeZone('Europe/Riga')).toBe(true);
    expect(() => nextCronAfter('0 * * * *', 'x'.repeat(KB256), new Date(0))).toThrow(/^unknown time zone: x{64}$/);
  });
});
