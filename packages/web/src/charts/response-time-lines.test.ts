import { linePath, niceMax } from './response-time-lines.js';

const area = { width: 110, height: 110, pad: { l: 10, r: 0, t: 0, b: 10 } };

describe('linePath', () => {
  test('one segment per run of values, gaps where a point has none', () => {
    expect(linePath([0, 100, null, 50, 50], 100, area)).toBe('M10.0,100.0 L35.0,0.0 M85.0,50.0 L110.0,50.0');
  });
  test('a lone point stays visible; values over the maximum are clipped', () => {
    expect(linePath([null, 500, null], 100, area)).toBe('M60.0,0.0 h0.1');
    expect(linePath([], 100, area)).toBe('');
  });
});

describe('niceMax', () => {
  test.each([
    [0, 10],
    [7, 10],
    [12, 20],
    [180, 200],
    [340, 500],
    [999, 1000],
    [4200, 5000],
  ])('%d → %d', (v, m) => expect(niceMax(v)).toBe(m));
});
