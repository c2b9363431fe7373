/**
 * The catalogue of every message the project prints: validation of site-config/ (in `npm run validate`, the build and
 * the dev server's overlay), generation and scaffolds, the lead API's field errors, the leads CLI, the page editor, the
 * build's checks on its tools, and the checks, benchmarks and lint that run on the code and the build.
 * Each entry has a stable `code` that tests and people can search for, a `title`, the `message` (a function of its parameters where
 * it needs any) and a `hint` saying what to do. docs/errors.md and the message tables of docs/validation.md are generated
 * from it (`npm run docs`), and CI checks they are up to date.
 *
 * Codes are never reused: a retired entry keeps its code out of use.
 *
 * This module is the catalogue's one entrance: the entries live in one module per domain under errors/ (a new entry
 * goes beside the others of its command), the machinery in errors/entry.ts, and the headings of docs/errors.md with
 * the lookup by code in errors/catalogue.ts, where a new group is listed.
 */
export {
  type AnyEntry,
  type ArgsOf,
  type CatalogueEntry,
  type EditorError,
  type MessageKind,
  CatalogueError,
  asSentence,
  catalogueError,
  describeError,
  formatCatalogueError,
  formatNotice,
  kindOf,
  messageOf,
} from "./errors/entry.ts";
export { catalogue, entryByCode } from "./errors/catalogue.ts";
export * from "./errors/builds.ts";
export * from "./errors/content.ts";
export * from "./errors/editor.ts";
export * from "./errors/editor-media.ts";
export * from "./errors/editor-schedules.ts";
export * from "./errors/editor-translations.ts";
export * from "./errors/lead.ts";
export * from "./errors/locales.ts";
export * from "./errors/media.ts";
export * from "./errors/migrations.ts";
export * from "./errors/notices.ts";
export * from "./errors/previews.ts";
export * from "./errors/operations.ts";
export * from "./errors/publishing.ts";
export * from "./errors/review.ts";
export * from "./errors/schedules.ts";
export * from "./errors/sections.ts";
export * from "./errors/team.ts";
export * from "./errors/tools.ts";
export * from "./errors/translations.ts";
