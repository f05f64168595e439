/** "Did you mean …?" for a misspelt name in a funnel or schema file. */

/** Edit distance (Levenshtein). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The candidate `name` was most likely meant to be, if one is close enough to be a typo. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const closest = [...candidates]
    .map((candidate) => ({
      candidate,
      cost: distance(name.toLowerCase(), candidate.toLowerCase()),
    }))
    .sort((a, b) => a.cost - b.cost)[0];
  return closest && closest.cost <= Math.max(2, Math.floor(name.length / 3))
    ? closest.candidate
    : undefined;
}
