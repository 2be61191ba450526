import { describeFlipCause, flipCauseFromJson, flipCauseToJson, type DecidingResult } from './flip-cause.js';

const T0 = Date.parse('2026-11-27T12:00:00.000Z');
const at = (sec: number) => new Date(T0 + sec * 1000);
const result = (location: string, sec: number, explanation: string | null): DecidingResult => ({ location, at: at(sec), explanation });
const down = (locations: string[]) => ({ newStatus: 'down', ts: at(0), locations });
const up = (locations: string[]) => ({ newStatus: 'up', ts: at(0), locations });

describe('describeFlipCause', () => {
  it('names the deciding locations with the explanation they gave', () => {
    const cause = [result('eu', 0, 'connect EINVAL 192.0.2.1:443'), result('us', 0, 'connect EINVAL 192.0.2.1:443')];
    expect(describeFlipCause(down(['eu', 'us']), cause)).toBe('Failed in eu, us: connect EINVAL 192.0.2.1:443');
    expect(describeFlipCause({ ...down(['eu', 'us']), newStatus: 'late' }, cause)).toBe('Failed in eu, us: connect EINVAL 192.0.2.1:443');
  });

  it('an up alert carries the answering locations’ own result', () => {
    expect(describeFlipCause(up(['ap', 'us']), [result('ap', 0, 'HTTP 200'), result('us', 0, 'HTTP 200')])).toBe('Answering in ap, us: HTTP 200');
  });

  it('locations that said different things each keep their own words', () => {
    const cause = [result('eu', 0, 'HTTP 503 (expected 2xx,3xx)'), result('us', 0, 'connection refused'), result('ap', 0, 'HTTP 503 (expected 2xx,3xx)')];
    expect(describeFlipCause(down(['ap', 'eu', 'us']), cause)).toBe('Failed in ap, eu: HTTP 503 (expected 2xx,3xx); us: connection refused');
  });

  it('says how much earlier than the deciding result each other location last answered', () => {
    const cause = [result('ap', -150, 'HTTP 200'), result('eu', -20, 'HTTP 200'), result('us', 0, 'HTTP 200')];
    expect(describeFlipCause(up(['ap', 'eu', 'us']), cause)).toBe('Answering in ap (2 min 30 s earlier), eu (20 s earlier), us: HTTP 200');
    // Under a second apart is the same moment.
    expect(describeFlipCause(up(['eu', 'us']), [result('eu', -0.5, 'HTTP 200'), result('us', 0, 'HTTP 200')])).toBe('Answering in eu, us: HTTP 200');
  });

  it('a location missing from the cause, or without an explanation, is named alone', () => {
    expect(describeFlipCause(down(['eu', 'us']), [result('us', 0, 'timeout after 10 s')])).toBe('Failed in eu; us: timeout after 10 s');
    expect(describeFlipCause(down(['eu', 'us']), [result('eu', 0, null), result('us', 0, null)])).toBe('Failed in eu, us');
  });

  it('a flip stored without a cause names its locations only', () => {
    expect(describeFlipCause(down(['eu-central', 'us-east']), null)).toBe('Failed in eu-central, us-east');
    expect(describeFlipCause(up(['ap-south', 'eu-central']), null)).toBe('Answering in ap-south, eu-central');
  });

  it('the one default location names none: the explanation alone', () => {
    expect(describeFlipCause(down(['local']), [result('local', 0, 'HTTP 502')])).toBe('HTTP 502');
    expect(describeFlipCause(up(['local']), [result('local', 0, 'HTTP 200')])).toBe('HTTP 200');
    expect(describeFlipCause(down(['local']), null)).toBeNull();
  });

  it('a flip no probe decided has no detail', () => {
    expect(describeFlipCause(down([]), null)).toBeNull();
  });
});

describe('flipCauseToJson / flipCauseFromJson', () => {
  it('round-trips, explanations on one line and cut to 300 characters', () => {
    const long = 'x'.repeat(400);
    const back = flipCauseFromJson(flipCauseToJson([result('eu', -3, 'HTTP 503\n  body:  down'), result('us', 0, long), result('ap', 0, null)]));
    expect(back).toEqual([result('eu', -3, 'HTTP 503 body: down'), result('us', 0, `${'x'.repeat(300)}…`), result('ap', 0, null)]);
  });

  it('refuses what is not a cause', () => {
    for (const bad of [
      '',
      'nope',
      '{}',
      '[1]',
      '[{"l":"eu"}]',
      '[{"l":"eu","t":"now","e":null}]',
      '[{"l":"eu","t":1,"e":2}]',
      `[${Array(3000).fill('{"l":"eu","t":1,"e":null}').join(',')}]`,
    ]) {
      expect(flipCauseFromJson(bad)).toBeNull();
    }
  });
});
