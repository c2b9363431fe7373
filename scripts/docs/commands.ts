/**
 * What each `npm run` script of package.json is for: one line each, and the section of docs/commands.md it is listed
 * in. package.json cannot hold comments, so the descriptions live here, beside it; `npm run docs` writes
 * docs/commands.md from both, and `npm run docs:check` fails when a script has no line here or a line names no script.
 */

/** The sections of docs/commands.md, in the page's order. */
export const commandSections = [
  "Content",
  "Editor",
  "Review",
  "Build and serve",
  "Quality and benchmarks",
  "Leads and operations",
  "Internal",
] as const;

export type CommandSection = (typeof commandSections)[number];

export interface CommandDescription {
  section: CommandSection;
  /** One line, Markdown: what the script does, with a link to the page that tells more. */
  description: string;
}

export const commandDescriptions: Record<string, CommandDescription> = {
  validate: {
    section: "Content",
    description:
      "checks `site-config/` against the schemas and the cross-checks; exits non-zero on any problem ([validation.md](validation.md))",
  },
  "new:page": { section: "Content", description: "a new page from a template ([pages.md](pages.md))" },
  "new:block": { section: "Content", description: "a new block type's folder ([block-types.md](block-types.md))" },
  "new:migration": {
    section: "Content",
    description: "a block type's next version: its migration, kept schema and test ([migrations.md](migrations.md))",
  },
  migrate: {
    section: "Content",
    description:
      "brings every block of the content to its type's latest version (`-- --dry-run` shows the changes) ([migrations.md](migrations.md))",
  },
  translations: {
    section: "Content",
    description:
      "each page's status in each locale: missing, outdated (with the source's changed fields) or up to date, read from git; `-- --format json|github|sarif|gitlab` for CI ([translations.md](translations.md))",
  },
  sections: {
    section: "Content",
    description:
      "lists every shared section with the pages that place it; `-- --rename <id> --to <new-id>` renames one with every reference ([sections.md](sections.md))",
  },
  "sections:compare": {
    section: "Content",
    description:
      "builds the site twice, with its sections placed and with their blocks written in the pages, and checks every file of the two builds is the same ([sections.md](sections.md#what-the-site-holds))",
  },
  font: {
    section: "Content",
    description: 'cuts the site\'s typeface file from `@fontsource-variable/inter` ([seo.md](seo.md), "The typeface")',
  },
  edit: { section: "Editor", description: "the visual editor ([editor.md](editor.md))" },
  "edit:team": {
    section: "Editor",
    description:
      "the editor for a team at one address, with sign-in and roles; on this machine without settings ([team-editor.md](team-editor.md))",
  },
  "bench:edit": {
    section: "Editor",
    description: "keystroke to updated preview in the visual editor ([editor.md](editor.md#speed))",
  },
  affected: {
    section: "Review",
    description:
      "the routes whose HTML a change can alter, against a base (`-- --base <ref>`) ([review.md](review.md))",
  },
  review: {
    section: "Review",
    description:
      "the pages a change affects, before and after at 390 and 1366 px, with pixel diffs, axe, budgets and validation ([review.md](review.md))",
  },
  "bench:review": {
    section: "Review",
    description: "how long `npm run review` takes on a one-page text change, end to end ([review.md](review.md#time))",
  },
  dev: {
    section: "Build and serve",
    description:
      "Vite dev server with hot reload; edits to `site-config/` are validated on save and problems show in the browser",
  },
  build: {
    section: "Build and serve",
    description:
      "generates types, validates, and prerenders every route to `build/client/`; after the first build, only the routes a change of content alters (`-- --full`: every route; `-- --dry-run`: says what it would do) ([build.md](build.md))",
  },
  start: {
    section: "Build and serve",
    description:
      "builds when the build is missing or older than a source, then serves the site and the lead API on port 3000 ([server.md](server.md))",
  },
  "build:nginx": {
    section: "Build and serve",
    description:
      "writes the Content-Security-Policy of every prerendered page for nginx (`deploy/nginx.conf`) ([deploy.md](deploy.md))",
  },
  lint: {
    section: "Quality and benchmarks",
    description: "type-check, ESLint, Prettier and the import layers ([quality.md](quality.md#every-test-command))",
  },
  format: { section: "Quality and benchmarks", description: "formats every file with Prettier" },
  typecheck: { section: "Quality and benchmarks", description: "generates types, then `tsc`" },
  test: { section: "Quality and benchmarks", description: "the unit tier ([quality.md](quality.md#the-unit-tier))" },
  "test:watch": { section: "Quality and benchmarks", description: "the unit tier, run again on every save" },
  "test:slow": {
    section: "Quality and benchmarks",
    description: "the tests that start real processes ([quality.md](quality.md#the-slow-tier))",
  },
  "test:pg": {
    section: "Quality and benchmarks",
    description: "the lead API's suites against throwaway PostgreSQL and Redis ([quality.md](quality.md#tiers))",
  },
  "test:e2e": {
    section: "Quality and benchmarks",
    description:
      "the browser suites on the production build, in Chromium; `-- <file>` runs one ([quality.md](quality.md#what-the-browser-suites-check))",
  },
  "test:whole": {
    section: "Quality and benchmarks",
    description:
      "the later tier: the suites that copy and build the whole project ([quality.md](quality.md#the-whole-project-tier))",
  },
  "test:generated": {
    section: "Quality and benchmarks",
    description:
      "pages generated from every block schema, built and checked in Chromium ([quality.md](quality.md#whatever-the-schemas-accept-renders-well-generated-pages))",
  },
  "check:html": {
    section: "Quality and benchmarks",
    description: "the W3C Nu HTML checker over every prerendered page ([quality.md](quality.md#valid-html))",
  },
  budgets: {
    section: "Quality and benchmarks",
    description: "bytes per route against their budgets ([quality.md](quality.md#budgets))",
  },
  perf: {
    section: "Quality and benchmarks",
    description: "Lighthouse on key routes, mobile and desktop; prints a table",
  },
  "perf:pictures": {
    section: "Quality and benchmarks",
    description:
      "Lighthouse mobile on the picture page, against the same page in solid colours: its goals ([media.md](media.md#how-fast-it-loads))",
  },
  "perf:input": {
    section: "Quality and benchmarks",
    description: "the visitor's first input, CPU slowed 4× ([quality.md](quality.md#first-input))",
  },
  "bench:build": {
    section: "Quality and benchmarks",
    description: "validation and build time of the site, of ~230 and of ~1,000 pages",
  },
  "bench:dev": {
    section: "Quality and benchmarks",
    description:
      "`npm run dev` on the site and at ~10,000 routes: the first page served, a saved change served ([build.md](build.md#npm-run-dev-at-10000-routes))",
  },
  "bench:pictures": {
    section: "Quality and benchmarks",
    description: "the build with fifty camera-sized photos, cold and cached ([media.md](media.md))",
  },
  "bench:migrate": {
    section: "Quality and benchmarks",
    description: "a block change and its migration over a large content, timed ([migrations.md](migrations.md))",
  },
  leads: {
    section: "Leads and operations",
    description:
      "`-- export | erase | purge | list --spam | release`: the leads CLI ([server.md](server.md#leads-cli))",
  },
  "bench:leads": {
    section: "Leads and operations",
    description: "5,000 leads over 50 connections against the lead API ([server.md](server.md#tests-and-proof))",
  },
  "crash:leads": {
    section: "Leads and operations",
    description:
      "`kill -9` under load, then checks nothing acknowledged was lost or duplicated ([server.md](server.md#tests-and-proof))",
  },
  gen: {
    section: "Internal",
    description:
      "regenerates the types, the block registry and `schemas/block.schema.json` from `schemas/` and the block folders (run by install, dev, build, edit and type-check; `-- --force` runs it when nothing changed)",
  },
  postinstall: { section: "Internal", description: "runs `npm run gen` after `npm install`" },
  docs: {
    section: "Internal",
    description:
      "regenerates `docs/blocks.md`, `docs/errors.md`, `docs/commands.md`, the message tables of `docs/validation.md` and the editors' route reference (`docs/editor-routes.md`, from the routes' declarations)",
  },
  "docs:check": {
    section: "Internal",
    description:
      "fails when a generated file that is committed is out of date, or when a script of `package.json` has no line in `scripts/docs/commands.ts`",
  },
};
