/** A check may depend on at most this many checks of its project. */
export const MAX_DEPENDENCIES = 20;

/**
 * The cycle that giving `checkId` the dependencies `dependsOn` would close, given every other
 * check's current dependencies (`graph`: check id → the ids it depends on; the entry of
 * `checkId` itself is ignored). Returns the ids along the cycle, starting and ending with
 * `checkId` (`[a, b, a]` for a depends on b depends on a; `[a, a]` for a check depending on
 * itself), or null when there is none. Pure: the caller reads the graph under a lock so that
 * two concurrent changes cannot each close half of a cycle.
 */
export function findDependencyCycle(graph: ReadonlyMap<string, readonly string[]>, checkId: string, dependsOn: readonly string[]): string[] | null {
  const edgesOf = (id: string): readonly string[] => (id === checkId ? dependsOn : (graph.get(id) ?? []));
  // Depth-first from checkId; `path` is the current chain, `done` the checks known not to lead back.
  const done = new Set<string>();
  const path: string[] = [checkId];
  const onPath = new Set<string>([checkId]);
  const iterators: Iterator<string>[] = [edgesOf(checkId)[Symbol.iterator]()];
  while (iterators.length > 0) {
    const next = iterators[iterators.length - 1]!.next();
    if (next.done) {
      iterators.pop();
      const finished = path.pop()!;
      onPath.delete(finished);
      done.add(finished);
      continue;
    }
    const id = next.value;
    if (id === checkId) return [...path, checkId];
    // A cycle not through checkId already existed: not this change's doing, and refused when made.
    if (onPath.has(id) || done.has(id)) continue;
    path.push(id);
    onPath.add(id);
    iterators.push(edgesOf(id)[Symbol.iterator]());
  }
  return null;
}
