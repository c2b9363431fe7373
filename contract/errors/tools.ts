/** The tools on the code and the build: build, start, budgets, checks, first input, build benchmark, lint, typeface. */
import { entry, info, success } from "./entry.ts";

/**
 * The build's checks on what it reads from its tools (Vite's manifest of the client build, and the dependencies'
 * output that the build patches: each patch fails here rather than doing nothing when its dependency changes), and
 * what it reports while it prerenders the pages (scripts/pipeline/prerender.ts).
 */
export const buildErrors = {
  manifestMissing: entry<{ file: string }>({
    code: "BUILD001",
    title: "Client build manifest missing",
    message: ({ file }) =>
      `${file} is missing or unreadable: the chunks of the islands and of each page are read from the client build's manifest`,
    hint: "Run `npm run build` (BUILD_DIR picks another build); if it ran, check that vite.config.ts still has the clientManifest plugin.",
  }),
  manifestEntryMissing: entry<{ file: string; chunk: string }>({
    code: "BUILD002",
    title: "Chunk missing from the client build manifest",
    message: ({ file, chunk }) => `${file} has no chunk for ${chunk}`,
    hint: "Rebuild with `npm run build`: the manifest and the pages must come from the same build.",
  }),
  dependencyChanged: entry<{ pkg: string; version: string; output: string; expected: string; patch: string }>({
    code: "BUILD003",
    title: "A patched dependency changed its output",
    message: ({ pkg, version, output, expected, patch }) =>
      `${pkg} ${version}: ${output} no longer matches what ${patch} patches (expected ${expected})`,
    hint: "Update the patch and its test for this version of the package (the patch's comment says what it is for), or install the version it was written for.",
  }),
  prerenderFailed: entry<{ path: string; status: number; body: string }>({
    code: "BUILD004",
    title: "Page failed to prerender",
    message: ({ path, status, body }) =>
      `${path} could not be prerendered: it answered status ${status} instead of 200:\n${body}`,
    hint: "The error printed above it names what failed: `npm run dev` shows the same page with the error in place.",
  }),
  prerendererStopped: entry<{ code: number | null; path: string }>({
    code: "BUILD005",
    title: "Prerendering stopped",
    message: ({ code, path }) => `a prerendering process stopped (exit code ${code}) while rendering ${path}`,
    hint: "The error printed above it says why; if it ran out of memory, build on a machine with more.",
  }),
} as const;

/** What `npm start` prints before it serves the site. */
export const startLines = {
  rebuilding: info({
    code: "BUILD101",
    title: "Rebuilding a stale build",
    message: "Sources changed since the last build: rebuilding…",
    hint: "Wait for the build; the site is served when it ends.",
  }),
  building: info({
    code: "BUILD102",
    title: "Building a first time",
    message: "No build yet: building…",
    hint: "Wait for the build; the site is served when it ends.",
  }),
} as const;

/** What `npm run budgets` reports about the bytes of each prerendered route. */
export const budgetErrors = {
  jsOverBudget: entry<{ route: string; size: string; budget: string }>({
    code: "BUDGET001",
    title: "Too much JavaScript before interaction",
    message: ({ route, size, budget }) => `${route}: JS before interaction ${size} > ${budget} (gzip)`,
    hint: "Find the chunk that grew (`npm run build` lists their sizes) and load it later, or leave it out of the islands.",
  }),
  ajvShipped: entry<{ route: string; files: readonly string[] }>({
    code: "BUDGET002",
    title: "ajv shipped to the browser",
    message: ({ route, files }) => `${route}: ajv is shipped to the browser in ${files.join(", ")}`,
    hint: "Validation belongs to the build: import the validators only from .server.ts modules and scripts.",
  }),
  htmlOverBudget: entry<{ route: string; size: string; budget: string }>({
    code: "BUDGET003",
    title: "HTML and critical CSS over budget",
    message: ({ route, size, budget }) => `${route}: HTML + critical CSS ${size} > ${budget} (gzip)`,
    hint: "Shorten the page's content, or find what the markup or its styles added to every page.",
  }),
  editorShipped: entry<{ file: string; trace: string }>({
    code: "BUDGET004",
    title: "Page editor code in the build",
    message: ({ file, trace }) => `${file} contains '${trace}', a name of the page editor's code`,
    hint: "The editor is a development tool (npm run edit): import nothing from editor/ in the site, blocks or kit.",
  }),
  jsAtLoadOverBudget: entry<{ route: string; size: string; budget: string }>({
    code: "BUDGET006",
    title: "Too much JavaScript at load",
    message: ({ route, size, budget }) => `${route}: JS at load ${size} > ${budget} (gzip)`,
    hint: "Find what the entry or its static imports gained (`npm run build` lists the chunks): load it when the page needs it, as the blocks' DOM code and the islands runtime are.",
  }),
  noEntryScript: entry<{ route: string; file: string }>({
    code: "BUDGET005",
    title: "No entry script found in a page",
    message: ({ route, file }) =>
      `${route}: ${file} has no module script or modulepreload, so its JavaScript cannot be measured`,
    hint: "The build's HTML changed shape: make `entryScriptsOf` in scripts/measure/budgets.ts find the page's entry scripts again.",
  }),
  pictureOverBudget: entry<{ route: string; file: string; viewport: string; size: string; budget: string }>({
    code: "BUDGET007",
    title: "A picture over budget",
    message: ({ route, file, viewport, size, budget }) =>
      `${route}: ${file} sends ${size} on a ${viewport} screen, more than the ${budget} one picture may`,
    hint: "The file the browser picks is already sized to its place: the picture itself is too detailed for its size (noise, fine texture). Use a calmer photo, or crop it to its subject (docs/media.md, 'Keeping the subject in view').",
  }),
  picturesOverBudget: entry<{ route: string; viewport: string; size: string; budget: string }>({
    code: "BUDGET008",
    title: "A page's pictures over budget",
    message: ({ route, viewport, size, budget }) =>
      `${route}: its pictures send ${size} on a ${viewport} screen, more than the ${budget} a page's may`,
    hint: "Fewer pictures, or smaller places for them: a visitor who scrolls the whole page downloads every one.",
  }),
} as const;

/** What `npm run budgets` prints around its table. */
export const budgetLines = {
  budgets: info<{
    atLoad: string;
    js: string;
    html: string;
    longPages: readonly string[];
    longHtml: string;
    picture: string;
    pictures: string;
  }>({
    code: "BUDGET101",
    title: "The budgets",
    message: ({ atLoad, js, html, longPages, longHtml, picture, pictures }) =>
      `Budgets: JS at load ≤ ${atLoad} gzip; JS before interaction ≤ ${js} gzip, no ajv; HTML + critical CSS ≤ ${html} gzip (${longPages.join(", ")}: ≤ ${longHtml}); pictures, at 390 px (2x) and 1366 px (1x): ≤ ${picture} each, ≤ ${pictures} a page.`,
    hint: "The budgets are in scripts/measure/budgets.ts; raise one only with a reason written beside it.",
  }),
  routesOver: info<{ count: number }>({
    code: "BUDGET102",
    title: "Routes over budget",
    message: ({ count }) => `${count} route${count === 1 ? "" : "s"} over budget:`,
    hint: "Each problem below names its route and what grew.",
  }),
  withinBudget: success<{ routes: number }>({
    code: "BUDGET103",
    title: "Every route within budget",
    message: ({ routes }) => `${routes} routes within budget; no page editor code in the build`,
    hint: "Nothing to do.",
  }),
} as const;

/** What the checks of the build (`npm run budgets`, `test:e2e`, `test:generated`, `perf`, `perf:input`) say about their setup. */
export const checkErrors = {
  noBuild: entry<{ dir: string }>({
    code: "CHECK001",
    title: "No build",
    message: ({ dir }) => `no production build in ${dir}/client`,
    hint: "Run `npm run build` first, or set BUILD_DIR to an existing build.",
  }),
  noChromium: entry<{ path: string; fromEnv: boolean }>({
    code: "CHECK002",
    title: "Chromium missing",
    message: ({ path, fromEnv }) =>
      `no Chromium found at ${path}${fromEnv ? " (from CHROME_PATH)" : ""}: the browser checks drive a locally installed Chromium`,
    hint: "On Debian/Ubuntu `apt-get install -y chromium` (as root, or with sudo); or set CHROME_PATH to the executable of an installed Chrome or Chromium.",
  }),
  serverExited: entry<{ code: number; log: string }>({
    code: "CHECK003",
    title: "The site's server stopped",
    message: ({ code, log }) => `\`npm start\` exited with code ${code}:\n${log}`,
    hint: "Read the server's output above; run `npm start` by hand to see it start.",
  }),
  serverSilent: entry<{ url: string; ms: number; log: string }>({
    code: "CHECK004",
    title: "The site's server did not answer",
    message: ({ url, ms, log }) => `\`npm start\` did not answer ${url} within ${ms} ms:\n${log}`,
    hint: "Read the server's output above; a rebuild on a busy machine can take longer: run `npm run build` first.",
  }),
  notWholeNumber: entry<{ option: string; value: string }>({
    code: "CHECK005",
    title: "Option is not a whole number",
    message: ({ option, value }) => `--${option} must be a whole number, not '${value}'`,
    hint: "Write the option's value in digits, e.g. `--random 20`.",
  }),
  unknownPerfMode: entry<{ modes: readonly string[] }>({
    code: "CHECK006",
    title: "No Lighthouse mode selected",
    message: ({ modes }) => `PERF_MODES names no mode; the modes are: ${modes.join(", ")}`,
    hint: "Set PERF_MODES to modes from the list, comma-separated (e.g. PERF_MODES=mobile,desktop), or leave it unset for all.",
  }),
  lighthouseFailed: entry<{ url: string; reason: string }>({
    code: "CHECK007",
    title: "Lighthouse could not audit a page",
    message: ({ url, reason }) => `Lighthouse could not audit ${url}: ${reason}`,
    hint: "Open the page in Chromium to see whether it loads; Lighthouse's own failures (NO_FCP and the like) pass on a rerun.",
  }),
  lighthouseRetry: entry<{ reason: string; attempt: number; attempts: number }>({
    code: "CHECK008",
    title: "Lighthouse run repeated",
    message: ({ reason, attempt, attempts }) => `${reason} — trying again (attempt ${attempt} of ${attempts})`,
    hint: "Nothing to do if a later attempt passes; Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP).",
  }),
  noFreePort: entry({
    code: "CHECK009",
    title: "No free port",
    message: "no port of 127.0.0.1 is free for a server to listen on",
    hint: "Stop the servers this machine no longer needs (`ss -ltnp` lists them), then run the command again.",
  }),
} as const;

/** What the checks of the build print while they run (`npm run perf`, `test:generated`). */
export const checkLines = {
  lighthouseProgress: info<{ route: string; mode: string; performance: number; runs: number }>({
    code: "CHECK101",
    title: "A route audited",
    message: ({ route, mode, performance, runs }) =>
      `  ${route} ${mode}: performance ${performance} (median of ${runs})`,
    hint: "Nothing to do: the table follows once every route is audited.",
  }),
  lighthouseHeading: info<{ runs: number; target: string }>({
    code: "CHECK102",
    title: "Lighthouse table",
    message: ({ runs, target }) =>
      `Lighthouse ${runs > 1 ? `medians of ${runs} runs` : "single runs"} against ${target}`,
    hint: "Read the table below; PERF_RUNS sets the number of runs.",
  }),
  lighthouseGoals: info({
    code: "CHECK103",
    title: "Lighthouse goals",
    message:
      "Goals: performance ≥ 95 mobile and 100 desktop; accessibility, best practices, SEO 100; CLS ≤ 0.01; TBT ≤ 150 ms.",
    hint: "A row below a goal: open that route in Chromium's Lighthouse panel to see what costs the points.",
  }),
  noHeadlessShell: info({
    code: "CHECK105",
    title: "Chromium's headless shell missing",
    message:
      "Chromium's headless shell is not installed, so the browser suites run in Chromium, with about twice the CPU: `apt-get install -y chromium-headless-shell` installs it on Debian",
    hint: "Install it (as root, or with sudo), or leave it: the suites pass in either.",
  }),
  generatedFinished: info<{ seconds: number }>({
    code: "CHECK104",
    title: "Generated pages checked",
    message: ({ seconds }) => `test:generated finished in ${seconds} s`,
    hint: "Vitest's summary above says whether every page passed.",
  }),
} as const;

/** What `npm run perf:input` reports about the visitor's first input. */
export const firstInputErrors = {
  controlOffScreen: entry<{ row: string }>({
    code: "INPUT001",
    title: "Control not on screen",
    message: ({ row }) => `${row}: the control has no box on screen`,
    hint: "The row's control is hidden or missing at that width: fix the page, or the row in scripts/measure/first-input.ts if the control was renamed.",
  }),
  goalMissed: entry<{ goal: number; rows: readonly string[] }>({
    code: "INPUT002",
    title: "First input too slow",
    message: ({ goal, rows }) => `${rows.length} row(s) over the ${goal} ms goal: ${rows.join("; ")}`,
    hint: "Measure on a machine nobody else is using (`uptime`); if the row stays slow, profile that first input in Chromium's Performance panel with the CPU slowed 4×.",
  }),
} as const;

/** What `npm run perf:input` prints. */
export const firstInputLines = {
  progress: info<{ row: string; ms: number }>({
    code: "INPUT101",
    title: "A first input measured",
    message: ({ row, ms }) => `  ${row}: ${ms} ms`,
    hint: "Nothing to do: the table follows once every row is measured.",
  }),
  heading: info<{ slowdown: number; runs: number }>({
    code: "INPUT102",
    title: "First input table",
    message: ({ slowdown, runs }) =>
      `First input, CPU slowed ${slowdown}×, median of ${runs} (pointerdown to the frame that answers)`,
    hint: "Read the table below: one row per control, its median and every run.",
  }),
  tableHeader: info<{ width: number }>({
    code: "INPUT104",
    title: "First input table's columns",
    message: ({ width }) => `${"first input".padEnd(width)}  median  runs`,
    hint: "Each row: the control, the median of its runs, then every run in milliseconds.",
  }),
  goalMet: success<{ goal: number }>({
    code: "INPUT103",
    title: "First input within the goal",
    message: ({ goal }) => `Every row within the ${goal} ms goal.`,
    hint: "Nothing to do.",
  }),
} as const;

/** What `npm run bench:build` reports. */
export const benchBuildErrors = {
  configInvalid: entry<{ dir: string; problems: number }>({
    code: "BENCH001",
    title: "Generated configuration invalid",
    message: ({ dir, problems }) => `the generated config at ${dir} has ${problems} validation problems`,
    hint: "Run `npm run validate`: the copies are made from site-config/, which must be valid first.",
  }),
  buildFailed: entry<{ dir: string; output: string }>({
    code: "BENCH002",
    title: "Benchmark build failed",
    message: ({ dir, output }) => `the build of ${dir} failed:\n${output}`,
    hint: "Run `npm run build` to see the same failure on the site as it is.",
  }),
  validationSlow: entry<{ pages: number; ms: number; limit: number }>({
    code: "BENCH003",
    title: "Validation too slow",
    message: ({ pages, ms, limit }) => `validation of ${pages} pages took ${ms} ms (limit ${limit} ms)`,
    hint: "Run it again on a machine nobody else is using (`uptime`); if it stays slow, profile `validateConfig` (toolchain/validate.ts).",
  }),
  farPastGoals: entry<{ figures: readonly string[] }>({
    code: "BENCH006",
    title: "Figures far past their goals",
    message: ({ figures }) => `at 10,000 routes, more than twice the goal: ${figures.join("; ")}`,
    hint: "Run it again on a machine nobody else is using (`uptime`); docs/build.md says where a build's time goes and what each goal is.",
  }),
} as const;

/** What `npm run bench:build` prints around its table. */
export const benchBuildLines = {
  progress: info<{ pages: number }>({
    code: "BENCH101",
    title: "A site size measured",
    message: ({ pages }) => `  ${pages} pages done`,
    hint: "Nothing to do: the table follows once every size is built.",
  }),
  compiled: info<{ ms: number }>({
    code: "BENCH102",
    title: "Schema compilation",
    message: ({ ms }) => `Schemas compiled once in ${ms} ms (not included above).`,
    hint: "Nothing to do: the figure is paid once per process, whatever the number of pages.",
  }),
  validationFast: success<{ pages: number; ms: number; limit: number }>({
    code: "BENCH103",
    title: "Validation within its limit",
    message: ({ pages, ms, limit }) => `validation of ${pages} pages: ${ms} ms (limit ${limit} ms)`,
    hint: "Nothing to do.",
  }),
  speed: info<{ before: string; after: string }>({
    code: "BENCH112",
    title: "The machine's speed",
    message: ({ before, after }) =>
      `Machine speed: ${before} s before, ${after} s after (a fixed job on one core: lower is faster).`,
    hint: "Compare the figures above with another run's only at about the same speed: this machine's moves by a third within a day.",
  }),
} as const;

/** What `npm run bench:dev` reports. */
export const benchDevErrors = {
  notServed: entry<{ url: string; seconds: number; output: string }>({
    code: "BENCH007",
    title: "Dev server did not serve the page",
    message: ({ url, seconds, output }) => `the dev server did not serve ${url} within ${seconds} s:\n${output}`,
    hint: "Run `npm run dev` on the site as it is to see the same failure; the output above is the dev server's.",
  }),
  changeNotShown: entry<{ url: string; seconds: number }>({
    code: "BENCH008",
    title: "A saved change not shown",
    message: ({ url, seconds }) => `${url} did not show the saved heading within ${seconds} s`,
    hint: "Save a page with `npm run dev` running and reload it: the dev server reads the content again when a file of site-config/ changes.",
  }),
} as const;

/** What `npm run bench:dev` prints as it goes. */
export const benchDevLines = {
  progress: info<{ routes: number }>({
    code: "BENCH111",
    title: "A site size measured",
    message: ({ routes }) => `  ${routes} routes done`,
    hint: "Nothing to do: the table follows once every size is measured.",
  }),
} as const;

/** What `npm run bench:pictures` prints under its table. */
export const benchPictureLines = {
  files: info<{ photos: number; files: number }>({
    code: "BENCH104",
    title: "The files made of the photos",
    message: ({ photos, files }) => `${photos} photos made into ${files} files (AVIF, WebP and JPEG at each width).`,
    hint: "The cold figure is paid once per picture and place; docs/quality.md keeps the latest figures.",
  }),
} as const;

/** What `npm run perf:pictures` reports: the picture page against its Lighthouse goals (docs/media.md, issue 46). */
export const picturePerfErrors = {
  goalsMissed: entry<{
    performance: number;
    goal: number;
    ratio: number;
    limit: number;
    savings: readonly { audit: string; bytes: number }[];
  }>({
    code: "BENCH004",
    title: "The picture page misses its Lighthouse goals",
    message: ({ performance, goal, ratio, limit, savings }) =>
      `the picture page misses its goals: ${[
        performance < goal ? `performance ${performance} (goal ≥ ${goal})` : "",
        ratio > limit ? `LCP ${ratio.toFixed(2)} times the solid colours' (goal ≤ ${limit.toFixed(2)})` : "",
        ...savings.map(({ audit, bytes }) => `${audit} saves ${bytes} bytes (goal 0)`),
      ]
        .filter(Boolean)
        .join("; ")}`,
    hint: "Run it again on a machine nobody else is using (`uptime`); if it still misses, open the page of the build in Chromium's Lighthouse panel (mobile): its LCP element and the image audits' rows name the picture.",
  }),
  pageMissing: entry<{ url: string; status: number }>({
    code: "BENCH005",
    title: "The picture page is not served",
    message: ({ url, status }) => `${url} answered ${status}: the build served has no picture page`,
    hint: "The fixture page's path must be its file's (tests/behaviour-pages.test.ts checks it); read the server's output with LOG_LEVEL=info.",
  }),
} as const;

/** What `npm run perf:pictures` prints. */
export const picturePerfLines = {
  building: info<{ variant: string }>({
    code: "BENCH105",
    title: "A variant of the picture page built",
    message: ({ variant }) => `  building the picture page with ${variant}…`,
    hint: "Nothing to do: both variants are built, then audited in turn.",
  }),
  progress: info<{ variant: string; run: number; runs: number; performance: number; lcp: number; element: string }>({
    code: "BENCH106",
    title: "A Lighthouse run of the picture page",
    message: ({ variant, run, runs, performance, lcp, element }) =>
      `  ${variant}, run ${run} of ${runs}: performance ${performance}, LCP ${lcp} ms (${element})`,
    hint: "Nothing to do: the table follows once every run is done.",
  }),
  heading: info<{ route: string; runs: number }>({
    code: "BENCH107",
    title: "Picture page's Lighthouse table",
    message: ({ route, runs }) =>
      `Lighthouse mobile (simulated throttling), medians of ${runs} runs, on ${route}; the image audits' savings in bytes`,
    hint: "Read the table below: the page with its photos, and the same page with each picture a solid colour of its size.",
  }),
  tableHeader: info<{ width: number }>({
    code: "BENCH108",
    title: "Picture page's table columns",
    message: ({ width }) => `${"page".padEnd(width)}  perf  LCP ms  properly size  modern formats  efficiently encode`,
    hint: "Savings are Lighthouse's uses-responsive-images, modern-image-formats and uses-optimized-images audits.",
  }),
  ratio: info<{ ratio: string; limit: string }>({
    code: "BENCH109",
    title: "The photos' LCP against the solid colours'",
    message: ({ ratio, limit }) => `LCP with the photos ÷ LCP with solid colours: ${ratio} (goal ≤ ${limit})`,
    hint: "Over the goal: the photos, not the page, make the largest paint late.",
  }),
  goalsMet: success<{ performance: number; goal: number; ratio: string; limit: string }>({
    code: "BENCH110",
    title: "The picture page meets its Lighthouse goals",
    message: ({ performance, goal, ratio, limit }) =>
      `The picture page meets its goals: performance ${performance} (≥ ${goal}), LCP ${ratio} of the solid colours' (≤ ${limit}), no image savings.`,
    hint: "docs/quality.md keeps the latest figures.",
  }),
} as const;

/** What `npm run lint` reports about the code's imports and printed lines (scripts/lint/check-imports.ts). */
export const importErrors = {
  layer: entry<{ from: string; to: string; layer: string; banned: string }>({
    code: "LINT001",
    title: "Import against the layers",
    message: ({ from, to, layer, banned }) => `${from} imports ${to}: ${layer}/ must not import ${banned}`,
    hint: "Move what both need down a layer (docs/architecture.md: app → blocks → kit → contract; the editor and the commands stand on the toolchain, which stands on the contract, as the server does; in scripts/, the commands stand on its rooms, which import no command).",
  }),
  cycle: entry<{ modules: readonly string[] }>({
    code: "LINT002",
    title: "Import cycle",
    message: ({ modules }) => `import cycle: ${modules.join(" → ")}`,
    hint: "Move what the modules share into a module of its own that imports neither.",
  }),
  literalPrint: entry<{ file: string; line: number; text: string }>({
    code: "LINT003",
    title: "Printed text not from the catalogue",
    message: ({ file, line, text }) => `${file}:${line} prints text written in place, not from the catalogue: ${text}`,
    hint: "Declare the line in contract/errors.ts (a result or information entry) and print it with toolchain/print.ts.",
  }),
} as const;

/** What `npm run lint` (scripts/lint.ts) says of a check that did not pass, after that check's own output. */
export const lintErrors = {
  checkFailed: entry<{ check: string; command: string; status: string }>({
    code: "LINT004",
    title: "Code check failed",
    message: ({ check, command, status }) => `${check} (${command}) ${status}`,
    hint: "Fix what its output above names, then run npm run lint again (npm run format rewrites what Prettier refuses).",
  }),
  unformatted: entry<{ file: string }>({
    code: "LINT005",
    title: "Not formatted as Prettier writes it",
    message: ({ file }) => `${file} is not formatted as Prettier writes it`,
    hint: "Run npm run format (or npx prettier --write with the file's path), then npm run lint again.",
  }),
  unparsable: entry<{ file: string; reason: string }>({
    code: "LINT006",
    title: "Prettier cannot read the file",
    message: ({ file, reason }) => `${file}: Prettier cannot read it: ${reason}`,
    hint: "Fix the syntax at the place Prettier names, or list the file in .prettierignore if it is not ours to format.",
  }),
} as const;

/** What `npm run lint` prints when the code passes its import and output checks. */
export const lintLines = {
  clean: success<{ modules: number }>({
    code: "LINT101",
    title: "Imports and printed lines in order",
    message: ({ modules }) =>
      `${modules} modules: layers import one way, no import cycle, every printed line from the catalogue`,
    hint: "Nothing to do.",
  }),
  formatted: success<{ checked: number; kept: number }>({
    code: "LINT102",
    title: "Every file formatted",
    message: ({ checked, kept }) =>
      `${checked} files formatted as Prettier writes them (${kept} unchanged since they were last found so)`,
    hint: "Nothing to do.",
  }),
} as const;

/** What `npm run font` prints. */
export const fontLines = {
  written: success<{ file: string; kb: string; sourceKb: string }>({
    code: "FONT101",
    title: "Typeface written",
    message: ({ file, kb, sourceKb }) => `${file}: ${kb} kB (from ${sourceKb} kB)`,
    hint: "Commit the file; the build serves it as it is.",
  }),
} as const;
