/**
 * Edit distance, for "did you mean" suggestions: insertions, deletions, substitutions and swaps of two neighbouring
 * letters each count one, since a swap ("sheild") is as common a slip as a wrong letter.
 */
export function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/** The candidates in order of distance from `value`, nearest first (ties keep the candidates' order). */
export function nearest(value: string, candidates: readonly string[]): string[] {
  const scored = candidates.map((candidate) => ({
    candidate,
    d: distance(value.toLowerCase(), candidate.toLowerCase()),
  }));
  return scored.sort((a, b) => a.d - b.d).map(({ candidate }) => candidate);
}

/**
 * The closest candidate, if it is close enough to be a likely typo: one slip in a short word, one more for every four
 * letters. A word merely spelt like another ("plane", "phone": two slips in five letters) is a different word, and
 * suggesting it would mislead.
 */
export function closest(value: string, candidates: readonly string[]): string | undefined {
  const [best] = nearest(value, candidates);
  if (best === undefined) return undefined;
  return distance(value.toLowerCase(), best.toLowerCase()) <= Math.max(1, Math.floor(value.length / 4))
    ? best
    : undefined;
}
