/**
 * A table for a terminal, as the benchmarks print theirs: a header, a rule, one row per line, the first `left` columns
 * aligned left and the figures right, two spaces between columns.
 */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[], left = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: readonly string[]) =>
    cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [format(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(format)].join("\n");
}
