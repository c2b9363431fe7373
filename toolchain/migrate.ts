import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ErrorObject } from "ajv";
import prettier from "prettier";
import { type MigrationStep, schemaOfVersion } from "../contract/block-history.server.ts";
import { olderBlock } from "../contract/block-versions.server.ts";
import { catalogueError, migrationErrors } from "../contract/errors.ts";
import type { SchemaFiles } from "../contract/schema-tree.ts";
import { readContentFiles } from "../contract/content.server.ts";
import { SCHEMA_BASE, type Validators, createValidators } from "../contract/schemas.server.ts";
import { formatJsonFile } from "./format-json.ts";
import { templateFiles } from "./page-templates.ts";
import { canonical, editChanges, writeChanges } from "./save.ts";
import { blockSpans } from "./block-spans.ts";

/** A migration module: `blocks/<type>/migrations/NNN-<name>.ts`. */
export interface Migration {
  description: string;
  // Each migration types its own versions; the runner checks what `up` returns against the schema instead.
  up: (block: never) => unknown;
}

export type MigrationLoader = (step: MigrationStep) => Promise<Migration>;

export interface ContentDocument {
  /** The file as messages name it, e.g. "site-config/pages/home.json". */
  file: string;
  text: string;
  /** The schema of the whole document: "schemas/page.schema.json", "schemas/section.schema.json" or "schemas/site.schema.json". */
  schema: string;
}

/** One block brought to its type's latest version. */
export interface BlockChange {
  pointer: string;
  type: string;
  from: number;
  to: number;
  names: string[];
}

export interface MigratedDocument {
  file: string;
  before: string;
  after: string;
  changes: BlockChange[];
}

export interface MigrateOptions {
  validators: Validators;
  load: MigrationLoader;
  prettierOptions: (file: string) => prettier.Options;
}

/**
 * Every content file under `configDir` (site.json, the pages, every locale's translated pages and the shared sections,
 * the locales' own versions too, whose blocks are migrated where they are written, once for every page that places
 * them), and the page templates of `npm run new:page`, whose pages would otherwise be born in an older shape, as
 * `npm run migrate` reads them, named from `projectDir`. A locale's site.json holds no blocks: nothing in it to
 * migrate.
 */
export function contentDocuments(configDir: string, projectDir: string): ContentDocument[] {
  const read = readContentFiles(configDir);
  const { site, pages, locales } = read;
  // A locale's own versions of sections are sections too, migrated where they are written.
  const sections = [...read.sections, ...locales.flatMap((locale) => locale.sections)];
  const sectionFiles = new Set(sections.map(({ file }) => file));
  const translations = locales.flatMap((locale) => locale.pages);
  const templates = templateFiles(projectDir);
  return [site, ...pages, ...translations, ...sections, ...templates].flatMap(({ file, text }) =>
    text === null
      ? []
      : [
          {
            file: path.relative(projectDir, file).split(path.sep).join("/"),
            text,
            schema:
              file.endsWith(`${path.sep}site.json`) && path.dirname(file) === configDir
                ? "schemas/site.schema.json"
                : sectionFiles.has(file)
                  ? "schemas/section.schema.json"
                  : "schemas/page.schema.json",
          },
        ],
  );
}

/**
 * How `npm run migrate` migrates content: with the schemas and migration modules of the project at `root`, and its
 * Prettier options, for files named from `projectDir`.
 */
export async function projectMigrateOptions(root: string, projectDir: string): Promise<MigrateOptions> {
  const prettierConfig = (await prettier.resolveConfig(path.join(root, "package.json"))) ?? {};
  return {
    validators: createValidators(root),
    load: async (step) => (await import(pathToFileURL(path.join(root, step.module)).href)) as Migration,
    prettierOptions: (file) => ({ ...prettierConfig, filepath: path.join(projectDir, file) }),
  };
}

/** An ajv error in one line: where, what, and the property it names. */
const describe = (error: ErrorObject) => {
  const property = (error.params as { additionalProperty?: string }).additionalProperty;
  return `${error.instancePath || "/"} ${error.message ?? error.keyword}${property ? ` '${property}'` : ""}`;
};

const label = (step: MigrationStep) => `${step.type}/${String(step.version).padStart(3, "0")}-${step.name}`;

interface Removal {
  pagePath: string | undefined;
  id: string;
  migration: string;
}

/**
 * Brings every block of every document to its type's latest version, in version order, and returns the documents
 * that changed with their new text (the editor's save: only changed parts rewritten, keys in schema order). Nothing
 * is written here: a migration that throws, returns a block its version's schema refuses, or removes a block that a
 * link points at stops the whole run with a catalogue error naming the file, the block and the migration.
 */
export async function migrateDocuments(
  documents: ContentDocument[],
  { validators, load, prettierOptions }: MigrateOptions,
): Promise<MigratedDocument[]> {
  const schemas = Object.fromEntries(validators.schemas.map(({ name, schema }) => [name, schema])) as SchemaFiles;
  const inPlace: Pending[] = [];
  const rewritten: Pending[] = [];
  const removals: Removal[] = [];
  const values = new Map<ContentDocument, { blocks?: unknown; path?: unknown }>();
  // Loaded once per run: each import goes through the module loader (and tsx's hooks), a millisecond a block.
  const loaded = new Map<string, Promise<Migration>>();
  const migrationOf = (step: MigrationStep) => {
    if (!loaded.has(step.module)) loaded.set(step.module, load(step));
    return loaded.get(step.module)!;
  };
  for (const document of documents) {
    let value: { blocks?: unknown; path?: unknown };
    try {
      value = JSON.parse(document.text) as typeof value;
    } catch {
      continue; // not JSON: `npm run validate` says where
    }
    values.set(document, value);
    if (!Array.isArray(value?.blocks)) continue;
    const changes: BlockChange[] = [];
    const blocks: unknown[] = [];
    for (const [index, block] of value.blocks.entries()) {
      const older = olderBlock(validators, block);
      if (!older) {
        blocks.push(block);
        continue;
      }
      const pointer = `/blocks/${index}`;
      let current: unknown = block;
      for (const step of older.pending) {
        const migration = await migrationOf(step);
        try {
          current = migration.up(structuredClone(current) as never);
        } catch (error) {
          throw catalogueError(migrationErrors.threw, {
            file: document.file,
            pointer,
            migration: label(step),
            error: error instanceof Error ? error.message : String(error),
          });
        }
        if (current === null) {
          const id = (block as { id?: unknown }).id;
          if (typeof id === "string")
            removals.push({ pagePath: value.path as string | undefined, id, migration: label(step) });
          break;
        }
        const history = validators.histories.get(older.type)!;
        const validate = validators.ajv.getSchema(SCHEMA_BASE + schemaOfVersion(history, step.version))!;
        if (!validate(structuredClone(current)))
          throw catalogueError(migrationErrors.invalidOutput, {
            file: document.file,
            pointer,
            migration: label(step),
            problems: [...new Set((validate.errors ?? []).filter((error) => error.keyword !== "if").map(describe))],
          });
      }
      if (current !== null) blocks.push(current);
      changes.push({
        pointer,
        type: older.type,
        from: older.version,
        to: older.latest,
        names: older.pending.map((step) => step.name),
      });
    }
    if (changes.length === 0) continue;
    const kept = blocks.length === value.blocks.length;
    value.blocks = blocks;
    (kept ? inPlace : rewritten).push({ document, value: value as { blocks: unknown[] }, changes });
  }
  const root = (document: ContentDocument) => ({ file: document.schema, schema: schemas[document.schema] });
  const texts = await rewriteBlocks(inPlace, {
    edit: (document, text, value) => editChanges({ text, value, schemas, root: root(document) }),
    prettierOptions,
  });
  for (const item of rewritten)
    texts.set(
      item,
      await writeChanges({
        text: item.document.text,
        value: item.value,
        schemas,
        root: root(item.document),
        prettierOptions: prettierOptions(item.document.file),
      }),
    );
  if (removals.length) checkAnchors(documents, values, removals, validators);
  return [...inPlace, ...rewritten].flatMap((item) => {
    const after = texts.get(item)!;
    const { document, changes } = item;
    return after === document.text ? [] : [{ file: document.file, before: document.text, after, changes }];
  });
}

interface Pending {
  document: ContentDocument;
  value: { blocks: unknown[] };
  changes: BlockChange[];
}

/**
 * How many blocks are formatted in one call: formatJson's cost grows with the size of what it lays out at once, Prettier's
 * (should the project's Prettier options be ones formatJson does not cover) is mostly per call.
 */
const BATCH = 20;

/** A document holding blocks at the indentation of a page's blocks, each followed by a comma if `comma`. */
const blockList = (texts: string[], comma: boolean) =>
  `{\n  "blocks": [\n    ${texts.join(",\n    ")}${comma ? ", 0" : ""}\n  ]\n}\n`;

/** The text of each item of `blocks` in a document written by blockList. */
function blockTexts(text: string, count: number): string[] {
  return blockSpans(text, count).map(({ offset, length }) => text.slice(offset, offset + length));
}

/**
 * The new texts of documents whose blocks were replaced one for one, with only the migrated blocks rewritten, as the
 * editor's save does (changed parts rewritten, keys in schema order, then formatted as Prettier does). Each block is
 * edited in a document of its own, then formatted with a few others in one call (toolchain/format-json.ts), in a
 * list at the indentation of a page's blocks and with the comma that follows it in its page: it comes out as it would
 * in its page, and a thousand pages migrate in seconds.
 */
async function rewriteBlocks(
  items: Pending[],
  options: {
    edit: (document: ContentDocument, text: string, value: unknown) => string;
    prettierOptions: (file: string) => prettier.Options;
  },
): Promise<Map<Pending, string>> {
  interface Job {
    offset: number;
    length: number;
    block: unknown;
    edited: string;
    last: boolean;
    text?: string;
  }
  const jobs = new Map<Pending, Job[]>();
  for (const item of items) {
    const { text } = item.document;
    const count = item.value.blocks.length;
    const spans = blockSpans(text, count);
    jobs.set(
      item,
      item.changes.map(({ pointer }) => {
        const index = Number(pointer.split("/")[2]);
        const block = item.value.blocks[index];
        const { offset, length } = spans[index];
        const source = text.slice(offset, offset + length);
        const [edited] = blockTexts(options.edit(item.document, blockList([source], false), { blocks: [block] }), 1);
        // A page's last block has no comma after it, which can decide whether a short block fits on one line.
        return { offset, length, block, edited, last: index === count - 1 };
      }),
    );
  }
  const all = [...jobs.values()].flat();
  const format = async (batch: Job[], comma: boolean) => {
    const options_ = options.prettierOptions(items[0].document.file);
    const formatted = blockTexts(
      await formatJsonFile(
        blockList(
          batch.map((job) => job.edited),
          comma,
        ),
        options_,
      ),
      batch.length,
    );
    batch.forEach((job, i) => {
      if (canonical(JSON.parse(formatted[i])) !== canonical(job.block))
        throw new Error("the formatted block does not hold the migrated block — nothing was written");
      job.text = formatted[i];
    });
  };
  for (const comma of [true, false]) {
    const group = all.filter((job) => job.last !== comma);
    for (let i = 0; i < group.length; i += BATCH) await format(group.slice(i, i + BATCH), comma);
  }
  const out = new Map<Pending, string>();
  for (const [item, itemJobs] of jobs) {
    let text = item.document.text;
    for (const job of [...itemJobs].reverse())
      text = text.slice(0, job.offset) + job.text! + text.slice(job.offset + job.length);
    out.set(item, text);
  }
  return out;
}

/** Stops the run when a link points at a block that a migration removes: the site would not validate after it. */
function checkAnchors(
  documents: ContentDocument[],
  values: Map<ContentDocument, { path?: unknown }>,
  removals: Removal[],
  validators: Validators,
) {
  for (const document of documents) {
    const value = values.get(document);
    if (!value) continue;
    const validate = document.schema === "schemas/site.schema.json" ? validators.site : validators.page;
    validate(structuredClone(value));
    for (const { kind, pointer, value: href } of validators.references()) {
      const hash = href.indexOf("#");
      if (kind !== "link" || hash === -1 || !/^[/#]/.test(href)) continue;
      const target = href.slice(0, hash) || value.path;
      const removal = removals.find(
        (r) => r.id === href.slice(hash + 1) && (r.pagePath === target || `${r.pagePath}/` === target),
      );
      if (removal)
        throw catalogueError(migrationErrors.removedAnchor, {
          file: document.file,
          pointer,
          href,
          migration: removal.migration,
        });
    }
  }
}
