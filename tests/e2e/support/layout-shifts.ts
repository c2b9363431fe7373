import type { Page } from "playwright-core";

/** One layout shift the browser recorded. */
export interface Shift {
  /** When the frame that moved it began (ms from navigation). */
  at: number;
  value: number;
  /** What moved, as "tag.class: text" lines. */
  moved: string[];
}

export interface LoadRecord {
  shifts: Shift[];
  /** When the first pixels were painted. */
  firstPaint: number;
  /** When the typeface finished loading; 0 if it never loaded. */
  typefaceReady: number;
}

/** Records every layout shift from the page's first byte, what moved, and when the page first painted and its typeface arrived. */
export async function recordLoad(page: Page): Promise<() => Promise<LoadRecord>> {
  await page.addInitScript(() => {
    type Entry = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
    const named = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.textContent?.slice(0, 40) ?? "(gone)";
      const classes = [...node.classList].map((name) => `.${name}`).join("");
      return `${node.tagName.toLowerCase()}${classes}: ${(node.textContent ?? "").trim().slice(0, 40)}`;
    };
    const shifts: Shift[] = [];
    const take = (entries: PerformanceEntry[]) => {
      for (const entry of entries as Entry[])
        shifts.push({
          at: entry.startTime,
          value: entry.value,
          moved: (entry.sources ?? []).map((source) => named(source.node)),
        });
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: "layout-shift", buffered: true });
    let typefaceReady = 0;
    document.fonts.addEventListener("loadingdone", () => {
      typefaceReady = performance.now();
    });
    (window as unknown as { loadRecord: () => LoadRecord }).loadRecord = () => {
      // Shifts the browser has recorded but not yet handed to the observer's callback are taken too.
      take(observer.takeRecords());
      const firstPaint = performance.getEntriesByName("first-paint")[0]?.startTime ?? 0;
      return { shifts, firstPaint, typefaceReady };
    };
  });
  return () => page.evaluate(() => (window as unknown as { loadRecord: () => LoadRecord }).loadRecord());
}
