/**
 * The lines that differ between two texts, as `- old` and `+ new` with their line numbers, from a longest common
 * subsequence of the lines between the common head and tail (content files change in a few places).
 */
export function lineDiff(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const lengths = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lengths[i][j] = x[i] === y[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      i++;
      j++;
    } else if (j >= y.length || (i < x.length && lengths[i + 1][j] >= lengths[i][j + 1])) {
      out.push(`  ${head + i + 1} - ${x[i]}`);
      i++;
    } else {
      out.push(`  ${head + j + 1} + ${y[j]}`);
      j++;
    }
  }
  return out;
}
