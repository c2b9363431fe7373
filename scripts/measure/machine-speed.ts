/**
 * The machine's speed, as the benchmarks print it beside their figures: the seconds a fixed job takes on one core
 * (200,000 small objects written to JSON and read back five times, mapped anew each time). The project's two-core
 * machine has moved by a third within a day (0.50 to 0.70 s); a benchmark's figures compare with another run's only
 * at about the same speed (docs/quality.md).
 */
export function machineSpeed(): number {
  const start = performance.now();
  let data: { items: { i: number; s: string }[] } = { items: [] };
  for (let i = 0; i < 200_000; i++) data.items.push({ i, s: `x${i}` });
  for (let round = 0; round < 5; round++) {
    data = JSON.parse(JSON.stringify(data)) as typeof data;
    data.items = data.items.map((item) => ({ ...item, i: item.i + 1 }));
  }
  return (performance.now() - start) / 1000;
}
