import { checkIncidentDays, publicIncidentsView } from './public-incidents-model.js';
import type { PublicIncidentData } from '../../queries/public-status-incidents.js';

const DAY = 86_400_000;
const first = Date.UTC(2026, 0, 1);
const incident = (title: string, start: number, end: number | null, components: PublicIncidentData['components']): PublicIncidentData => ({
  id: title,
  title,
  state: end === null ? 'investigating' : 'resolved',
  startedAt: new Date(start),
  resolvedAt: end === null ? null : new Date(end),
  components,
  updates: [],
});
const check = (checkId: string, impact: PublicIncidentData['components'][number]['impact'] = 'major_outage') => ({
  checkId,
  groupName: null,
  name: 'c',
  impact,
});
const group = (groupName: string, impact: PublicIncidentData['components'][number]['impact'] = 'partial_outage') => ({
  checkId: null,
  groupName,
  name: groupName,
  impact,
});

describe('checkIncidentDays', () => {
  test('marks each day from start to resolution, and open ones to now', () => {
    const days = checkIncidentDays(
      [
        incident('Open', first + 3 * DAY + 5, null, [check('a')]),
        incident('Past', first + DAY + 10, first + 2 * DAY + 1, [check('a', 'degraded_performance')]),
      ],
      { id: 'a', groupName: 'G' },
      first,
      5,
      first + 4 * DAY + 100,
    );
    expect(days).toEqual([[], ['Past (degraded performance)'], ['Past (degraded performance)'], ['Open (major outage)'], ['Open (major outage)']]);
  });

  test('a resolution exactly at midnight ends the day before; a zero-length incident marks its day', () => {
    const days = checkIncidentDays(
      [incident('M', first + 10, first + DAY, [check('a')]), incident('Z', first + 2 * DAY, first + 2 * DAY, [check('a')])],
      { id: 'a', groupName: '' },
      first,
      3,
      first + 3 * DAY,
    );
    expect(days).toEqual([['M (major outage)'], [], ['Z (major outage)']]);
  });

  test('by group name, the worst impact of the components that name the check; other checks and unnamed groups are untouched', () => {
    const list = [incident('I', first, first + 1000, [group('G', 'degraded_performance'), check('a', 'partial_outage'), group('', 'major_outage')])];
    expect(checkIncidentDays(list, { id: 'a', groupName: 'G' }, first, 1, first + DAY)).toEqual([['I (partial outage)']]);
    expect(checkIncidentDays(list, { id: 'b', groupName: 'G' }, first, 1, first + DAY)).toEqual([['I (degraded performance)']]);
    expect(checkIncidentDays(list, { id: 'b', groupName: '' }, first, 1, first + DAY)).toEqual([[]]);
  });

  test('incidents before the first shown day are clipped; the oldest is listed first', () => {
    const list = [incident('New', first + 100, null, [check('a')]), incident('Old', first - 5 * DAY, first + 50, [check('a')])];
    expect(checkIncidentDays(list, { id: 'a', groupName: '' }, first, 2, first + DAY + 1)).toEqual([
      ['Old (major outage)', 'New (major outage)'],
      ['New (major outage)'],
    ]);
  });

  test('publicIncidentsView splits open from resolved, keeping the order', () => {
    const a = incident('a', first, null, []);
    const b = incident('b', first, first + 1, []);
    const c = incident('c', first, null, []);
    expect(publicIncidentsView([a, b, c])).toEqual({ active: [a, c], resolved: [b] });
  });
});
