// Counters of a solve.

/**
 * The counters of two searches of one solve (say a main search and a side search that took
 * turns with it): sums, except `maxDepth` and `satVariables`, which take the larger.
 */
export function mergeCounters(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Record<string, number> {
  const merged: Record<string, number> = { ...a };
  for (const [name, value] of Object.entries(b)) {
    merged[name] = name === 'maxDepth' || name === 'satVariables' ? Math.max(merged[name] ?? 0, value) : (merged[name] ?? 0) + value;
  }
  return merged;
}
