/** Content review: what `npm run affected` and `npm run review` report and print. */
import { entry, info, success } from "./entry.ts";

/**
 * What `npm run affected` and `npm run review` say: the routes a change reaches, the pages before and after, and the
 * checks on the head (scripts/pipeline/affected.ts, scripts/review/). Notices (a step done, the report written) are
 * entries too, so that every line the review prints has a code to search for.
 */
export const reviewErrors = {
  gitFailed: entry<{ command: string; output: string }>({
    code: "REVIEW001",
    title: "git failed",
    message: ({ command, output }) => `\`${command}\` failed: ${output}`,
    hint: "Run the command by hand in the project's folder to see why; the review and the translation status need a git checkout with its history (in CI, fetch with `fetch-depth: 0`).",
  }),
  unknownBase: entry<{ ref: string }>({
    code: "REVIEW002",
    title: "Unknown base",
    message: ({ ref }) => `'${ref}' names no commit of this repository`,
    hint: "Pass a branch, tag or commit that exists here, e.g. `--base origin/main` (in CI, fetch the base branch first).",
  }),
  usage: entry<{ command: string; problem: string; usage: string }>({
    code: "REVIEW003",
    title: "Invalid option",
    message: ({ command, problem, usage }) => `${command}: ${problem}\n  usage: ${usage}`,
    hint: "Pass the options the usage line shows; `--base` is required.",
  }),
  buildFailed: entry<{ side: string; dir: string; output: string }>({
    code: "REVIEW004",
    title: "Build failed",
    message: ({ side, dir, output }) => `the ${side} build in ${dir} failed:\n${output}`,
    hint: "Run `npm run build` in that checkout to see the same failure; a base that does not build cannot be compared.",
  }),
  step: info<{ step: string; seconds: string }>({
    code: "REVIEW005",
    title: "Step done",
    message: ({ step, seconds }) => `${step} (${seconds} s)`,
    hint: "Nothing to do: the report lists every step's time.",
  }),
  unstableControl: entry<{ route: string; width: number; pixels: number }>({
    code: "REVIEW006",
    title: "Unstable screenshots",
    message: ({ route, width, pixels }) =>
      `control route ${route} at ${width} px differs by ${pixels} pixels between two builds of unchanged content: the screenshots are not stable`,
    hint: "Something on the page moves or loads late (an animation, a font, a lazy image): make the review wait for it (scripts/review/shoot.ts), or fix the page.",
  }),
  axeViolation: entry<{ route: string; width: number; rule: string; impact: string; target: string; help: string }>({
    code: "REVIEW007",
    title: "Accessibility violation",
    message: ({ route, width, rule, impact, target, help }) =>
      `${route} at ${width} px: ${rule} (${impact}) on ${target} — ${help}`,
    hint: "Fix the content or the block named: axe's rule page (https://dequeuniversity.com/rules/axe/) says how.",
  }),
  visualChange: info<{ route: string; width: number; pixels: number; percent: string }>({
    code: "REVIEW008",
    title: "Visual change",
    message: ({ route, width, pixels, percent }) => `${route} at ${width} px: ${pixels} pixels changed (${percent} %)`,
    hint: "Nothing to fix: look at the before, after and diff in the report and judge whether the change is wanted.",
  }),
  reportWritten: success<{ report: string; summary: string }>({
    code: "REVIEW009",
    title: "Report written",
    message: ({ report, summary }) => `report: ${report}; summary for the pull request: ${summary}`,
    hint: "Open the report in a browser; in CI, upload the review folder as an artifact.",
  }),
  passed: success<{ routes: number; changed: number; seconds: string }>({
    code: "REVIEW010",
    title: "Review passed",
    message: ({ routes, changed, seconds }) =>
      `review passed: ${routes} affected route${routes === 1 ? "" : "s"}, ${changed} with visual changes, no problem (${seconds} s)`,
    hint: "Nothing to fix: the visual changes are for the reviewer to judge.",
  }),
  failed: entry<{ problems: number; seconds: string }>({
    code: "REVIEW011",
    title: "Review failed",
    message: ({ problems, seconds }) =>
      `review failed: ${problems} problem${problems === 1 ? "" : "s"} (${seconds} s); each is listed above and in the report`,
    hint: "Fix each problem listed (validation, accessibility, budgets, unstable controls) and run the review again.",
  }),
  noRoutes: info({
    code: "REVIEW012",
    title: "No route affected",
    message: "no route of the site can change with this change: nothing to screenshot",
    hint: "Nothing to do: the change touches only files the build does not read (tests, docs, tools).",
  }),
  pageFailed: entry<{ route: string; side: string; status: number }>({
    code: "REVIEW013",
    title: "Page did not load",
    message: ({ route, side, status }) => `${route} answered ${status} on the ${side} build`,
    hint: "Open the route on that build (`npm start`) to see why; a page the head removes is shown as gone, not loaded.",
  }),
  baseCached: info<{ commit: string; dir: string }>({
    code: "REVIEW014",
    title: "Base build reused",
    message: ({ commit, dir }) => `base build of ${commit.slice(0, 12)} reused from ${dir}`,
    hint: "Nothing to do; delete the folder to build the base again.",
  }),
  benchFigures: info<{ seconds: string; limit: number; shotsKept: boolean; steps: string; load: string }>({
    code: "REVIEW015",
    title: "Review benchmark",
    message: ({ seconds, limit, shotsKept, steps, load }) =>
      `a one-page text change reviewed end to end in ${seconds} s (${shotsKept ? `limit ${limit} s; the base's build and screenshots cached` : "the first on its base: its build cached, its pages shot"}): ${steps}; load average ${load}`,
    hint: "Nothing to do; on a shared machine, compare figures taken at a similar load average.",
  }),
  benchSlow: entry<{ seconds: string; limit: number; load: string }>({
    code: "REVIEW016",
    title: "Review too slow",
    message: ({ seconds, limit, load }) =>
      `the review of a one-page text change took ${seconds} s, over the ${limit} s budget (load average ${load})`,
    hint: "Run it again on a machine nobody else is using (`uptime`); if it stays slow, the report's timings say which step grew.",
  }),
  headRendered: info({
    code: "REVIEW017",
    title: "Head rendered with the base's code",
    message:
      "the change touches site-config/ alone and names the same icons: the head's pages were rendered with the base's build instead of building the site again",
    hint: "Nothing to do; a change to anything outside site-config/ builds the head in full.",
  }),
  pageAdded: info<{ route: string }>({
    code: "REVIEW018",
    title: "New page",
    message: ({ route }) => `${route}: new page, shot at 390 and 1366 px (nothing to compare with)`,
    hint: "Nothing to fix: look at the page in the report and judge whether it is ready.",
  }),
  pageRemoved: info<{ route: string }>({
    code: "REVIEW019",
    title: "Page removed",
    message: ({ route }) => `${route}: page removed, shown as it was`,
    hint: "Nothing to fix if the removal is wanted; the pages that linked to it are in the review too.",
  }),
  sampled: info<{ shot: number; affected: number; left: number }>({
    code: "REVIEW020",
    title: "A sample shot",
    message: ({ shot, affected, left }) =>
      `${shot} of the ${affected} affected routes shot, a sample showing every block type in each locale; the other ${left} were built, loaded and measured, not shot`,
    hint: "Nothing to fix: a change that reaches many routes looks the same on pages of one kind. Pass `--all-routes` to shoot every affected route (it takes longer).",
  }),
} as const;
