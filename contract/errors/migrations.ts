/** Block versions and content migrations: older blocks, `npm run new:migration`, `npm run migrate`, its benchmark. */
import { closest } from "../levenshtein.ts";
import { didYouMean, entry } from "./entry.ts";

/** The figures of `npm run bench:migrate`, in milliseconds: the best and the median of its measured runs. */
interface MigrationBenchFigures {
  pages: number;
  runs: number;
  cpuMs: { best: number; median: number };
  ms: { best: number; median: number };
  limit: number;
  load: string;
}

const benchFigures = ({ runs, cpuMs, ms, limit, load }: MigrationBenchFigures) =>
  `${cpuMs.best} ms of CPU at best, ${cpuMs.median} ms median; ${ms.best} ms on the clock at best, ${ms.median} ms median (${runs} runs; limit ${limit} ms of CPU, median; load average ${load})`;

/**
 * Versioned blocks and content migrations: what `npm run validate`, the build and the dev server say about a block in
 * an older shape, and what `npm run new:migration` and `npm run migrate` print.
 */
export const migrationErrors = {
  olderBlock: entry<{ pointer: string; type: string; version: number; latest: number; names: readonly string[] }>({
    code: "MIG001",
    title: "Block in an older shape",
    message: ({ pointer, type, version, latest, names }) =>
      `\`${pointer}\` is a '${type}' block of version ${version}; the site is at version ${latest} (${names.join(", ")}): run \`npm run migrate\``,
    hint: "Run `npm run migrate` (add `-- --dry-run` to see the changes first), review the diff and commit it; docs/migrations.md explains.",
  }),
  threw: entry<{ file: string; pointer: string; migration: string; error: string }>({
    code: "MIG002",
    title: "Migration failed",
    message: ({ file, pointer, migration, error }) =>
      `${file} ${pointer}: migration ${migration} threw: ${error} — nothing was written`,
    hint: "Fix the migration's `up` for this block (its test shows the shapes it receives), then run `npm run migrate` again.",
  }),
  invalidOutput: entry<{ file: string; pointer: string; migration: string; problems: readonly string[] }>({
    code: "MIG003",
    title: "Migration produced an invalid block",
    message: ({ file, pointer, migration, problems }) =>
      `${file} ${pointer}: migration ${migration} produced a block its schema refuses (${problems.join("; ")}) — nothing was written`,
    hint: "Make the migration's `up` return a block of the version it produces, or the schema accept it; then run `npm run migrate` again.",
  }),
  removedAnchor: entry<{ file: string; pointer: string; href: string; migration: string }>({
    code: "MIG004",
    title: "Link to a block a migration removes",
    message: ({ file, pointer, href, migration }) =>
      `${file} ${pointer}: the link '${href}' points at a block that migration ${migration} removes — nothing was written`,
    hint: "Point the link elsewhere (or keep an anchor on the block that replaces it), then run `npm run migrate` again.",
  }),
  fileChanges: entry<{ file: string; blocks: readonly string[]; diff: string }>({
    code: "MIG005",
    title: "A file's migrated blocks",
    message: ({ file, blocks, diff }) => `${file}: ${blocks.join("; ")}\n${diff}`,
    hint: "Review the change in the diff before committing it.",
  }),
  migrated: entry<{ blocks: number; files: number; ms: number }>({
    code: "MIG006",
    title: "Content migrated",
    message: ({ blocks, files, ms }) => `migrated ${blocks} block(s) in ${files} file(s) in ${ms} ms`,
    hint: "Review `git diff site-config/`, run `npm run validate`, then commit the content with the migration.",
  }),
  upToDate: entry<{ files: number }>({
    code: "MIG007",
    title: "Content up to date",
    message: ({ files }) =>
      `every block of the ${files} content files is at its block type's version: nothing to migrate`,
    hint: "Nothing to do.",
  }),
  pending: entry<{ blocks: number; files: number }>({
    code: "MIG008",
    title: "Migrations pending",
    message: ({ blocks, files }) =>
      `${blocks} block(s) in ${files} file(s) are in an older shape (dry run: nothing was written)`,
    hint: "Run `npm run migrate` (outside CI, or with `-- --write`), review the diff and commit it.",
  }),
  badName: entry<{ name: string }>({
    code: "MIG009",
    title: "Invalid migration name",
    message: ({ name }) =>
      `'${name}' is not a valid migration name — use lower-case words joined by hyphens that say what changes, e.g. 'value-to-figure'`,
    hint: "Name the migration in lower-case words joined by hyphens.",
  }),
  unknownBlock: entry<{ type: string; known: readonly string[] }>({
    code: "MIG010",
    title: "No such block type",
    message: ({ type, known }) =>
      `there is no block type '${type}'${didYouMean(closest(type, known), ` — known types: ${known.join(", ")}`)}`,
    hint: "Pass --block with the name of a folder under blocks/.",
  }),
  scaffolded: entry<{ type: string; version: number; files: readonly string[] }>({
    code: "MIG011",
    title: "Migration scaffolded",
    message: ({ type, version, files }) =>
      `'${type}' is now at version ${version}; written:\n${files.map((file) => `  ${file}`).join("\n")}
Next:
  1. Change blocks/${type}/schema.json (and the component) to the new shape; npm run gen.
  2. Write \`up\` in the migration, and the 'after' example in its test; npx vitest run blocks/${type}/migrations.
  3. npm run migrate -- --dry-run, then npm run migrate; review and commit the content with the change.`,
    hint: "docs/migrations.md walks through a change of a block type.",
  }),
  exampleMissing: entry<{ file: string; version: number }>({
    code: "MIG012",
    title: "Migration example not written",
    message: ({ file, version }) =>
      `${file}: write \`after\`, the example block as version ${version} holds it — the test cannot pass until then`,
    hint: "Set `after` in the migration's test to what `up` must return for `before`.",
  }),
  exampleUndetectable: entry<{ file: string; version: number }>({
    code: "MIG013",
    title: "Older shape not told apart",
    message: ({ file, version }) =>
      `${file}: the 'before' example is also valid at version ${version}, so a block in the older shape cannot be recognised`,
    hint: "A migration is for a change that older content does not satisfy: change the schema so that the older shape fails it (docs/migrations.md).",
  }),
  exampleInvalid: entry<{ file: string; which: string; version: number; problems: readonly string[] }>({
    code: "MIG014",
    title: "Migration example invalid",
    message: ({ file, which, version, problems }) =>
      `${file}: the '${which}' example is not a valid block of version ${version} (${problems.join("; ")})`,
    hint: "Correct the example so that it is a block of the version it stands for.",
  }),
  badHistory: entry<{ folder: string; problem: string }>({
    code: "MIG015",
    title: "Block history inconsistent",
    message: ({ folder, problem }) => `blocks/${folder}/migrations/: ${problem}`,
    hint: "Migrations are numbered 002, 003… without gaps, each with its kept .before.schema.json, and block.ts's `version` is the last number (1 without migrations).",
  }),
  benchSlow: entry<MigrationBenchFigures>({
    code: "MIG016",
    title: "Migration too slow",
    message: (figures) => `migrating ${figures.pages} pages took too long: ${benchFigures(figures)}`,
    hint: "Run it again on a machine nobody else is using (`uptime`); if it stays slow, profile `migrateDocuments` (toolchain/migrate.ts) with `node --import tsx --cpu-prof scripts/bench-migrate.ts`.",
  }),
  benchDone: entry<MigrationBenchFigures & { blocks: number }>({
    code: "MIG017",
    title: "Migration benchmark",
    message: (figures) =>
      `migrated and wrote ${figures.blocks} blocks in ${figures.pages} pages: ${benchFigures(figures)}`,
    hint: "Nothing to do.",
  }),
} as const;
