/**
 * The review's two reports: review/index.html (before, after and diff of every shot route side by side, the problems,
 * the timings; the images are files beside it) and review/summary.md (Markdown for $GITHUB_STEP_SUMMARY or a
 * pull-request comment, linking into the HTML report).
 */
import fs from "node:fs";
import path from "node:path";
import type { Affected } from "../pipeline/affected.ts";
import { hasVisualChange, inReviewOrder, thumbnailCrop, withVisualChanges } from "./changes.ts";
import type { ReviewResult, RouteReview, WidthShot } from "./run.ts";

export const REPORT_FILE = "index.html";
export const SUMMARY_FILE = "summary.md";
/** Everything the review found, as JSON, for tools (the benchmark reads its timings). */
export const RESULT_FILE = "review.json";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const anchorOf = (route: string) => `route-${route === "/" ? "home" : route.slice(1).replace(/\//g, "-")}`;

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const short = (commit: string) => commit.slice(0, 12);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** "12,345 px (1.23 %)", "no change", or what a page added or removed shows. */
export function changeLabel(review: RouteReview, shot: WidthShot): string {
  if (review.status === "added") return "new page";
  if (review.status === "gone") return "page removed";
  if (shot.changed === undefined || shot.total === undefined) return "not shot";
  if (shot.changed === 0) return "no change";
  return `${shot.changed.toLocaleString("en-GB")} px (${((shot.changed / shot.total) * 100).toFixed(2)} %)`;
}

/**
 * "base a1b2c3 → head d4e5f6" (each commit written with `code`), with "+ uncommitted changes" only when files the
 * build reads differ from the head's commit: a clean tree is its commit.
 */
export function comparedLabel(affected: Affected, code: (commit: string) => string): string {
  const uncommitted = affected.uncommitted.length;
  return `base ${code(short(affected.mergeBase))} → head ${code(short(affected.head))}${uncommitted ? ` + uncommitted changes (${uncommitted} file${uncommitted === 1 ? "" : "s"})` : ""}`;
}

/** What a sample of a change reaching many routes shot and left out, for both reports. */
const sampleSentence = (shot: number, left: number, code: (text: string) => string) =>
  `${shot} of the affected routes were shot, a sample showing every block type in each locale; the other ${left} were built, loaded and measured with their budgets, not shot (${code("npm run review -- --all-routes")} shoots every one).`;

/** The badge of a route: its class and its words. */
function badgeOf(review: RouteReview): { kind: string; text: string } {
  if (review.control) return { kind: "control", text: "control" };
  if (review.status === "added") return { kind: "added", text: "new page" };
  if (review.status === "gone") return { kind: "gone", text: "removed" };
  return hasVisualChange(review) ? { kind: "changed", text: "changed" } : { kind: "same", text: "no visual change" };
}

const badge = (review: RouteReview) => {
  const { kind, text } = badgeOf(review);
  return `<span class="badge ${kind}">${text}</span>`;
};

const pixels = (n: number) => n.toLocaleString("en-GB");

/**
 * One image of a shot. With a crop, the thumbnail shows that part of the image (the changed area), scaled to the column
 * and never above its own size; without, the page from its top. Its link opens the whole image. A cropped image sits
 * far above its window, where the browser's lazy loading would never see it: the report's script loads it when its
 * window comes near the screen (`data-src`).
 */
function figure(label: string, image: string | undefined, alt: string, shot?: WidthShot): string {
  if (!image) return "";
  const crop = shot && thumbnailCrop(shot);
  const percent = (n: number) => `${((n / crop!.width) * 100).toFixed(4)}%`;
  const picture = crop
    ? `<div class="crop" style="max-width: ${crop.width}px"><div class="window" style="aspect-ratio: ${crop.width} / ${crop.height}"><img data-src="${escape(image)}" alt="${escape(alt)}" style="width: ${percent(shot!.image!.width)}; margin-left: -${percent(crop.x)}; margin-top: -${percent(crop.y)}"></div></div>`
    : `<img src="${escape(image)}" alt="${escape(alt)}" loading="lazy">`;
  const where = crop ? ` <span class="where">rows ${pixels(crop.y)}–${pixels(crop.y + crop.height)} px</span>` : "";
  return `<figure class="shot"><figcaption><span>${label}${where}</span> <a href="${escape(image)}">full image</a></figcaption><div class="frame">${picture}</div></figure>`;
}

/** Before, after and diff of each width; for a page added or removed, its one side at both widths in one row. */
function shotRows(review: RouteReview): string {
  const alt = (shot: WidthShot, what: string) => `${review.route} at ${shot.width} px ${what}`;
  if (review.status === "added" || review.status === "gone") {
    const added = review.status === "added";
    const title = added ? "New page: no before to compare with" : "Page removed: how it was";
    const figures = review.shots
      .map((shot) =>
        figure(
          `${added ? "After" : "Before"}, ${shot.width} px`,
          added ? shot.after : shot.before,
          alt(shot, added ? "after" : "before"),
        ),
      )
      .join("");
    return `<div class="width">
  <h3>${title}</h3>
  <div class="row one-side">${figures}</div>
</div>`;
  }
  return review.shots
    .map(
      (shot) => `<div class="width">
  <h3>${shot.width} px <span class="change ${shot.changed ? "changed" : ""}">${escape(changeLabel(review, shot))}</span>${thumbnailCrop(shot) ? ` <span class="note">thumbnails show the changed area</span>` : ""}</h3>
  <div class="row">${figure("Before", shot.before, alt(shot, "before"), shot)}${figure("After", shot.after, alt(shot, "after"), shot)}${figure("Diff", shot.diff, `changed pixels of ${review.route} at ${shot.width} px`, shot)}</div>
</div>`,
    )
    .join("\n");
}

function routeSection(review: RouteReview, result: ReviewResult): string {
  const problems = result.problems.filter((p) => p.route === review.route);
  const rows = shotRows(review);
  return `<section class="route ${badgeOf(review).kind}" id="${anchorOf(review.route)}">
<h2><code>${escape(review.route)}</code> ${badge(review)}</h2>
<ul class="reasons">${review.reasons.map((r) => `<li>${escape(r)}</li>`).join("")}</ul>
${problems.length ? `<ul class="problems">${problems.map((p) => `<li>${escape(p.text)}</li>`).join("")}</ul>` : ""}
${rows}
</section>`;
}

export function reportHtml(result: ReviewResult): string {
  const { affected } = result;
  const failed = result.problems.length > 0;
  const routes = inReviewOrder(result.routes.filter((r) => !r.outOfSample));
  const shown = result.routes.filter((r) => !r.control);
  const unshot = result.routes.filter((r) => r.outOfSample);
  const cells = (r: RouteReview) =>
    r.status === "changed"
      ? r.shots.map((s) => `<td class="num ${s.changed ? "changed" : ""}">${escape(changeLabel(r, s))}</td>`).join("")
      : `<td colspan="2" class="${r.status}">${escape(changeLabel(r, r.shots[0] ?? { width: 390 }))}</td>`;
  const overview = routes
    .map(
      (r) =>
        `<tr><td><a href="#${anchorOf(r.route)}"><code>${escape(r.route)}</code></a></td><td>${badge(r)}</td>${cells(r)}</tr>`,
    )
    .join("\n");
  const budgets = result.budgets
    .map(
      (b) =>
        `<tr><td><code>${escape(b.route)}</code></td><td class="num">${kb(b.htmlGzip)}</td><td class="num">${kb(b.jsGzip)}</td></tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Content review: ${failed ? "failed" : "passed"}</title>
<style>
:root { --ink: #14213d; --muted: #5b6478; --line: #e3e7ee; --bg: #f6f8fb; --ok: #11734b; --bad: #b42318; --warn: #b54708; --brand: #1d4ed8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
header.top { background: #122649; color: #fff; padding: 20px 32px; display: flex; align-items: center; gap: 16px; flex-wrap: wrap; }
header.top h1 { font-size: 20px; margin: 0; font-weight: 600; }
header.top .meta { color: #c7d2fe; font-size: 13px; margin-left: auto; }
header.top code { color: #fff; }
.status { padding: 4px 12px; border-radius: 999px; font-weight: 600; font-size: 13px; }
.status.passed { background: #d1fadf; color: var(--ok); }
.status.failed { background: #fee4e2; color: var(--bad); }
main { max-width: 1440px; margin: 0 auto; padding: 24px 32px 64px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 16px; margin-bottom: 24px; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px 20px; }
.card .value { font-size: 28px; font-weight: 650; }
.card .label { color: var(--muted); font-size: 13px; }
.panel { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 16px 20px; margin-bottom: 24px; }
.panel h2 { font-size: 16px; margin: 0 0 12px; }
.columns { display: grid; grid-template-columns: 2fr 1fr; gap: 24px; align-items: start; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
td.changed, .change.changed { color: var(--warn); font-weight: 600; }
.badge { display: inline-block; white-space: nowrap; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 999px; background: #eef2ff; color: var(--brand); vertical-align: middle; }
.badge.added { background: #d1fadf; color: var(--ok); }
.badge.gone { background: #fee4e2; color: var(--bad); }
.badge.control, .badge.same { background: #f2f4f7; color: var(--muted); }
td.added { color: var(--ok); font-weight: 600; }
td.gone { color: var(--bad); font-weight: 600; }
ul.problems { margin: 0; padding-left: 20px; color: var(--bad); }
ul.problems li { margin: 4px 0; white-space: pre-wrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.none-found { color: var(--ok); margin: 0; }
section.route { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 20px; margin-bottom: 24px; }
section.route h2 { margin: 0 0 4px; font-size: 18px; }
section.route.added { border-left: 4px solid var(--ok); }
section.route.gone { border-left: 4px solid var(--bad); }
ul.reasons { margin: 0 0 12px; padding-left: 20px; color: var(--muted); font-size: 13px; }
.width h3 { font-size: 14px; margin: 16px 0 8px; display: flex; gap: 12px; align-items: baseline; }
.change { font-weight: 500; color: var(--muted); }
.note { font-weight: 500; color: var(--muted); font-size: 12px; }
.row { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; }
.row.one-side { grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); }
figure.shot { margin: 0; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; background: var(--bg); }
figcaption { font-size: 12px; font-weight: 600; padding: 6px 10px; border-bottom: 1px solid var(--line); background: #fff; display: flex; justify-content: space-between; }
figcaption a { color: var(--brand); font-weight: 500; }
figcaption .where { color: var(--muted); font-weight: 500; margin-left: 6px; }
.frame { max-height: 560px; overflow: auto; }
.frame img { display: block; width: 100%; height: auto; }
.crop .window { position: relative; overflow: hidden; }
.crop .window img { position: absolute; left: 0; top: 0; max-width: none; }
.none { padding: 40px; text-align: center; color: var(--muted); }
ul.unshot { columns: 16rem; margin: 8px 0 0; padding-left: 20px; font-size: 13px; }
@media (max-width: 900px) { .columns, .row, .row.one-side { grid-template-columns: 1fr; } main { padding: 16px; } .panel { overflow-x: auto; } }
</style>
</head>
<body>
<header class="top">
<h1>Content review</h1>
<span class="status ${failed ? "failed" : "passed"}">${failed ? `${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}` : "passed"}</span>
<span class="meta">${comparedLabel(affected, (commit) => `<code>${escape(commit)}</code>`)} · ${escape(result.startedAt.replace("T", " ").slice(0, 16))} UTC</span>
</header>
<main>
<div class="cards">
<div class="card"><div class="value">${shown.length}</div><div class="label">affected route${shown.length === 1 ? "" : "s"}${affected.everyRoute ? " (every route)" : ""}</div></div>
<div class="card"><div class="value">${withVisualChanges(routes).length}</div><div class="label">with visual changes</div></div>
<div class="card"><div class="value">${result.problems.length}</div><div class="label">problems</div></div>
<div class="card"><div class="value">${seconds(result.totalMs)} s</div><div class="label">review time</div></div>
</div>
<div class="panel"><h2>Problems</h2>${
    result.problems.length
      ? `<ul class="problems">${result.problems.map((p) => `<li>${escape(p.text)}</li>`).join("")}</ul>`
      : `<p class="none-found">None: content valid, no serious or critical accessibility violation, every page within budget, screenshots stable.</p>`
  }</div>
<div class="columns">
<div>
<div class="panel"><h2>Routes</h2><table><thead><tr><th>Route</th><th></th><th>390 px</th><th>1366 px</th></tr></thead><tbody>
${overview || `<tr><td colspan="4">No route of the site can change.</td></tr>`}
</tbody></table></div>
${unshot.length ? `<div class="panel" id="not-shot"><h2>Loaded and measured, not shot</h2><p>${sampleSentence(routes.filter((r) => !r.control).length, unshot.length, (text) => `<code>${escape(text)}</code>`)}</p><details><summary>The ${unshot.length} routes</summary><ul class="unshot">${unshot.map((r) => `<li><code>${escape(r.route)}</code></li>`).join("")}</ul></details></div>` : ""}
${budgets ? `<div class="panel"><h2>Budgets of the head (gzip)</h2><table><thead><tr><th>Route</th><th>HTML + CSS</th><th>JS before interaction</th></tr></thead><tbody>${budgets}</tbody></table></div>` : ""}
</div>
<div>
<div class="panel"><h2>Timings</h2><table><tbody>${result.timings.map((t) => `<tr><td>${escape(t.step)}</td><td class="num">${seconds(t.ms)} s</td></tr>`).join("")}<tr><th>Total</th><th class="num">${seconds(result.totalMs)} s</th></tr></tbody></table></div>
</div>
</div>
${routes.map((r) => routeSection(r, result)).join("\n")}
</main>
<script>
// A cropped thumbnail's image is loaded when its window comes near the screen (see figure()).
const near = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const image = entry.target.querySelector("img[data-src]");
      image.src = image.dataset.src;
      image.removeAttribute("data-src");
      near.unobserve(entry.target);
    }
  },
  { rootMargin: "800px 0px" },
);
for (const crop of document.querySelectorAll(".crop .window")) near.observe(crop);
// The before, after and diff of a width scroll together, so the eye compares the same place of the page.
for (const row of document.querySelectorAll(".row")) {
  const frames = [...row.querySelectorAll(".frame")];
  let busy = false;
  for (const frame of frames)
    frame.addEventListener("scroll", () => {
      if (busy) return;
      busy = true;
      for (const other of frames) if (other !== frame) other.scrollTop = frame.scrollTop;
      requestAnimationFrame(() => (busy = false));
    });
}
</script>
</body>
</html>
`;
}

/** Markdown for the job summary or a pull-request comment; `reportUrl` is where index.html is published. */
export function summaryMarkdown(result: ReviewResult, reportUrl = REPORT_FILE): string {
  const { affected } = result;
  const link = (route: string) => `[\`${route}\`](${reportUrl}#${anchorOf(route)})`;
  const lines = [
    `## Content review: ${result.problems.length ? `❌ ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}` : "✅ passed"}`,
    "",
    `${comparedLabel(affected, (commit) => `\`${commit}\``).replace(/^b/, "B")}: ${result.routes.filter((r) => !r.control).length} affected route(s)${affected.everyRoute ? " (every route)" : ""}, ${withVisualChanges(result.routes).length} with visual changes, reviewed in ${seconds(result.totalMs)} s. [Full report](${reportUrl})`,
    "",
  ];
  const unshot = result.routes.filter((r) => r.outOfSample).length;
  if (unshot)
    lines.push(
      sampleSentence(result.routes.filter((r) => !r.control).length - unshot, unshot, (text) => `\`${text}\``),
      "",
    );
  if (result.routes.length) {
    lines.push("| Route | Status | 390 px | 1366 px |", "| --- | --- | --- | --- |");
    for (const r of inReviewOrder(result.routes.filter((r) => !r.outOfSample)))
      lines.push(
        `| ${link(r.route)} | ${badgeOf(r).text} | ${r.shots.map((s) => changeLabel(r, s)).join(" | ")}${r.shots.length ? "" : " | "} |`,
      );
    lines.push("");
  }
  if (result.problems.length) {
    lines.push("### Problems", "");
    for (const p of result.problems) lines.push(`- \`${p.text.split("\n")[0]!.replace(/`/g, "'")}\``);
    lines.push("");
  }
  return `${lines.join("\n")}\n`;
}

/** Writes both reports into the result's folder and returns their paths. */
export function writeReports(result: ReviewResult, reportUrl?: string): { report: string; summary: string } {
  const report = path.join(result.outDir, REPORT_FILE);
  const summary = path.join(result.outDir, SUMMARY_FILE);
  fs.writeFileSync(report, reportHtml(result));
  fs.writeFileSync(summary, summaryMarkdown(result, reportUrl));
  fs.writeFileSync(path.join(result.outDir, RESULT_FILE), `${JSON.stringify(result, null, 2)}\n`);
  return { report, summary };
}
