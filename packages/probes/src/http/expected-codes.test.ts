import { matchesExpectedCode } from './expected-codes.js';

describe('matchesExpectedCode', () => {
  it.each([
    [200, ['2xx'], true],
    [204, ['2xx'], true],
    [299, ['2xx'], true],
    [300, ['2xx'], false],
    [199, ['2xx'], false],
    [301, ['2xx', '3xx'], true],
    [404, ['2xx', '3xx'], false],
    [503, ['2xx', '3xx'], false],
    [200, ['200'], true],
    [201, ['200'], false],
    [301, ['301'], true],
    [302, ['301'], false],
    [404, ['404', '2xx'], true],
    [201, ['20x'], true],
    [210, ['20x'], false],
    [200, ['2XX'], true],
    [200, [' 200 '], true],
    [200, [], false],
    [200, ['abc', '2', '2000', 'xxx', '6xx'], false],
  ])('%i vs %j → %s', (status, patterns, expected) => {
    expect(matchesExpectedCode(status, patterns)).toBe(expected);
  });
});
