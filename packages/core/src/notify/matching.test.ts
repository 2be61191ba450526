import { integrationMatches } from './matching.js';

const base = { id: 1, enabled: true, events: ['down', 'up'], tags: null as unknown };
const tagged = (tags: string[]) => ({ tags, integrationIds: null });

describe('integrationMatches', () => {
  it('matches an enabled integration subscribed to the event with no tag filter', () => {
    expect(integrationMatches(base, tagged([]), 'down')).toBe(true);
    expect(integrationMatches(base, tagged(['db']), 'up')).toBe(true);
  });
  it('skips disabled integrations', () => {
    expect(integrationMatches({ ...base, enabled: false }, tagged([]), 'down')).toBe(false);
  });
  it('skips events not subscribed', () => {
    expect(integrationMatches(base, tagged([]), 'late')).toBe(false);
    expect(integrationMatches({ ...base, events: [] }, tagged([]), 'down')).toBe(false);
  });
  it('needs one shared tag when tags are set', () => {
    const i = { ...base, tags: ['prod', 'db'] };
    expect(integrationMatches(i, tagged(['db']), 'down')).toBe(true);
    expect(integrationMatches(i, tagged(['web', 'prod']), 'down')).toBe(true);
    expect(integrationMatches(i, tagged(['staging']), 'down')).toBe(false);
    expect(integrationMatches(i, tagged([]), 'down')).toBe(false);
  });
  it('is case-sensitive about tags, as the API stores them', () => {
    expect(integrationMatches({ ...base, tags: ['Prod'] }, tagged(['prod']), 'down')).toBe(false);
  });
  it('treats an empty tag list as matching no check', () => {
    expect(integrationMatches({ ...base, tags: [] }, tagged(['prod']), 'down')).toBe(false);
  });
  it('treats a non-array tags value as no filter', () => {
    expect(integrationMatches({ ...base, tags: undefined }, tagged(['x']), 'down')).toBe(true);
    expect(integrationMatches({ ...base, tags: 'prod' }, tagged(['x']), 'down')).toBe(true);
  });
  it('ignores non-string tags in the filter', () => {
    expect(integrationMatches({ ...base, tags: [1, null] }, tagged(['1']), 'down')).toBe(false);
  });
  it('an explicit assignment names the integrations; their tags rule is not consulted', () => {
    const i = { ...base, id: 7, tags: ['prod'] };
    expect(integrationMatches(i, { tags: ['staging'], integrationIds: [7] }, 'down')).toBe(true);
    expect(integrationMatches(i, { tags: ['prod'], integrationIds: [3] }, 'down')).toBe(false);
    expect(integrationMatches(i, { tags: ['prod'], integrationIds: [] }, 'down')).toBe(false);
  });
  it('an explicit assignment still needs the integration enabled and subscribed', () => {
    expect(integrationMatches({ ...base, enabled: false }, { tags: [], integrationIds: [1] }, 'down')).toBe(false);
    expect(integrationMatches(base, { tags: [], integrationIds: [1] }, 'late')).toBe(false);
  });
});
