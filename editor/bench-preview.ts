import { chromium } from "playwright-core";
import { readContentFiles } from "../contract/content.server.ts";
import { CHROME_FLAGS, findChromium } from "../toolchain/chromium.ts";
import { benchEditLines } from "../contract/errors.ts";
import { relative } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";
import os from "node:os";
import { startEditor } from "./server.ts";
import { copyProject } from "./project-copy.ts";
import { editAddress } from "./protocol.ts";

/**
 * npm run bench:edit — keystroke to updated preview, on the largest page: types into the first block's first text
 * field and times each key from its `keydown` to the preview frame's DOM holding the new text, then to the next frame
 * painted. Runs on a copy of the content, so nothing is saved. Goal: under 100 ms.
 */
const KEYS = 40;
const project = copyProject();
const largest = readContentFiles()
  .pages.map(({ file, text }) => ({ file, size: text?.length ?? 0 }))
  .sort((a, b) => b.size - a.size)[0].file;
const file = relative(largest);
const editor = await startEditor({ projectDir: project.dir });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROME_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  // The first load prepares the editor's dependencies, which takes a while on a busy machine.
  page.setDefaultTimeout(180_000);
  await page.goto(`${editor.url}${editAddress(file)}`);
  const outline = page.getByRole("navigation", { name: "Page outline" });
  await outline.locator("[data-block-index]").first().click();
  const field = page.locator(".form-panel input[type=text], .form-panel textarea").first();
  await field.waitFor();
  await page.frameLocator("iframe").locator('[data-editor-index="0"][data-editor-selected]').waitFor();
  const blocks = await outline.locator("[data-block-index]").count();

  await page.evaluate(() => {
    const frame = document.querySelector("iframe")!.contentDocument!;
    const state = { start: 0, dom: [] as number[], paint: [] as number[] };
    (window as unknown as { bench: typeof state }).bench = state;
    window.addEventListener("keydown", () => (state.start = performance.now()), true);
    new MutationObserver(() => {
      if (!state.start) return;
      const start = state.start;
      state.start = 0;
      state.dom.push(performance.now() - start);
      requestAnimationFrame(() => setTimeout(() => state.paint.push(performance.now() - start)));
    }).observe(frame.body, { subtree: true, characterData: true, childList: true });
  });
  await field.focus();
  await page.keyboard.press("End");
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.type(i % 2 ? "a" : "b");
    await page.waitForTimeout(120);
  }
  const { dom, paint } = await page.evaluate(
    () => (window as unknown as { bench: { dom: number[]; paint: number[] } }).bench,
  );
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
    return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${values.length} keys)`;
  };
  print(benchEditLines.heading, { file, blocks });
  print(benchEditLines.dom, { stats: stats(dom) });
  print(benchEditLines.paint, { stats: stats(paint) });
  const load = os
    .loadavg()
    .map((figure) => figure.toFixed(2))
    .join(", ");
  print(benchEditLines.goal, { load, cores: os.cpus().length });
} finally {
  await browser.close();
  await editor.close();
  project.remove();
}
