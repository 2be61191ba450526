import { integrationMatches } from './matching.js';

const base = { enabled: true, events: ['down', 'up'], tags: null as unknown };

describe('integrationMatches', () => {
  it('matches an enabled integration subscribed to the event with no tag filter', () => {
    expect(integrationMatches(base, [], 'down')).toBe(true);
    expect(integrationMatches(base, ['db'], 'up')).toBe(true);
  });
  it('skips disabled integrations', () => {
    expect(integrationMatches({ ...base, enabled: false }, [], 'down')).toBe(false);
  });
  it('skips events not subscribed', () => {
    expect(integrationMatches(base, [], 'late')).toBe(false);
    expect(integrationMatches({ ...base, events: [] }, [], 'down')).toBe(false);
  });
  it('needs one shared tag when tags are set', () => {
    const i = { ...base, tags: ['prod', 'db'] };
    expect(integrationMatches(i, ['db'], 'down')).toBe(true);
    expect(integrationMatches(i, ['web', 'prod'], 'down')).toBe(true);
    expect(integrationMatches(i, ['staging'], 'down')).toBe(false);
    expect(integrationMatches(i, [], 'down')).toBe(false);
  });
  it('is case-sensitive about tags, as the API stores them', () => {
    expect(integrationMatches({ ...base, tags: ['Prod'] }, ['prod'], 'down')).toBe(false);
  });
  it('treats an empty tag list as matching no check', () => {
    expect(integrationMatches({ ...base, tags: [] }, ['prod'], 'down')).toBe(false);
  });
  it('treats a non-array tags value as no filter', () => {
    expect(integrationMatches({ ...base, tags: undefined }, ['x'], 'down')).toBe(true);
    expect(integrationMatches({ ...base, tags: 'prod' }, ['x'], 'down')).toBe(true);
  });
  it('ignores non-string tags in the filter', () => {
    expect(integrationMatches({ ...base, tags: [1, null] }, ['1'], 'down')).toBe(false);
  });
});
