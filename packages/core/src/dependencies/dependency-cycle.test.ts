import { findDependencyCycle } from './dependency-cycle.js';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('findDependencyCycle', () => {
  it('finds none in a tree or a diamond', () => {
    const g = graph({ b: ['c'], c: [], d: ['c'] });
    expect(findDependencyCycle(g, 'a', ['b', 'd'])).toBeNull();
    expect(findDependencyCycle(g, 'a', [])).toBeNull();
  });

  it('names a check depending on itself', () => {
    expect(findDependencyCycle(graph({}), 'a', ['a'])).toEqual(['a', 'a']);
  });

  it('names a direct cycle', () => {
    expect(findDependencyCycle(graph({ b: ['a'] }), 'a', ['b'])).toEqual(['a', 'b', 'a']);
  });

  it('names an indirect cycle along the path that closes it', () => {
    const g = graph({ b: ['x'], x: [], c: ['d'], d: ['a'] });
    expect(findDependencyCycle(g, 'a', ['b', 'c'])).toEqual(['a', 'c', 'd', 'a']);
  });

  it('ignores the stored edges of the changed check itself (they are being replaced)', () => {
    expect(findDependencyCycle(graph({ a: ['b'], b: [] }), 'a', [])).toBeNull();
    expect(findDependencyCycle(graph({ a: ['b'], b: [] }), 'b', ['a'])).toEqual(['b', 'a', 'b']);
  });

  it('terminates on an old cycle that does not pass through the check, and on unknown ids', () => {
    const g = graph({ b: ['c'], c: ['b'] });
    expect(findDependencyCycle(g, 'a', ['b', 'zzz'])).toBeNull();
  });

  it('handles long chains without recursion', () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 50_000; i++) edges[`n${i}`] = [`n${i + 1}`];
    edges['n50000'] = ['a'];
    const cycle = findDependencyCycle(graph(edges), 'a', ['n0']);
    expect(cycle?.length).toBe(50_003);
  });
});
