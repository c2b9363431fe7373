import fs from "node:fs";
import path from "node:path";
import type { ErrorObject } from "ajv";
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import { readContentFile, readContentFiles } from "../contract/content.server.ts";
import { iconsMeaning } from "./icon-meanings.ts";
import { computedOnce } from "../contract/process-cache.ts";
import { type AnyEntry, type ArgsOf, configErrors, messageOf, migrationErrors } from "../contract/errors.ts";
import { readBlockHistories, readKeptSchemas } from "../contract/block-history.server.ts";
import { type OlderBlock, olderBlock } from "../contract/block-versions.server.ts";
import {
  BLOCK_UNION_FILE,
  type MarkedReference,
  SCHEMA_BASE,
  type Validators,
  projectDir,
  projectValidators,
  readSchemas,
} from "../contract/schemas.server.ts";
import { MIN_SHARE_HEIGHT, MIN_SHARE_WIDTH, imageInfo } from "../contract/image-size.ts";
import { type SectionDoc, isSectionRef, sectionIdOf, sectionsPlaced } from "../contract/sections.ts";
import { closingOf } from "../contract/closing.ts";
import { sectionChecks, toSegment } from "./validate-sections.ts";
import { checkFallbackCollisions, checkLocaleList, checkTranslation } from "./validate-locales.ts";
import {
  type LocalesOfSite,
  type LocalisedRoute,
  type SiteLocale,
  localisedRoutes,
  prefixedPath,
  siteLocales,
} from "../contract/locales.ts";
import { localeErrors } from "../contract/errors.ts";
import { CONFIG_DIR, PUBLIC_DIR } from "./paths.ts";

export interface Problem {
  /** The file, relative to the folder that holds site-config/ (the repository's root), with forward slashes. */
  file: string;
  line: number;
  column: number;
  /** Where the offending text ends: the position just after its last character (as SARIF and ESLint count). */
  endLine: number;
  endColumn: number;
  /** JSON pointer to the offending value, "" for the whole document. */
  pointer: string;
  /** The catalogue code of the problem (contract/errors.ts). */
  code: string;
  message: string;
}

/** A problem as the catalogue describes it, before it is placed in a file. */
interface Described {
  pointer: string;
  code: string;
  message: string;
}

const described = <E extends AnyEntry>(pointer: string, entry: E, ...args: ArgsOf<E>): Described => ({
  pointer,
  code: entry.code,
  message: messageOf(entry, ...args),
});

interface SourceFile {
  file: string;
  text: string;
  value: unknown;
  tree?: Node;
}

interface PageLike {
  path?: unknown;
  blocks?: unknown;
  image?: { src?: unknown };
}

export interface ValidateOptions {
  configDir?: string;
  publicDir?: string;
  validators?: Validators;
  /** Texts to check instead of what is on disk, by absolute file name (the editor's unsaved documents). */
  overrides?: ReadonlyMap<string, string>;
}

export interface ValidationResult {
  problems: Problem[];
  pageCount: number;
  /** Every value the schemas mark as an icon (`"siteRef": "icon"`), defaults included: what the build must ship. */
  icons: string[];
}

interface Position {
  line: number;
  column: number;
}

/** Where a problem sits in its file: from its first character to just after its last. */
type Span = Position & { endLine: number; endColumn: number };

function lineColumn(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const segments = (pointer: string) =>
  pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));

function spanOf(text: string, offset: number, length: number): Span {
  const start = lineColumn(text, offset);
  const end = lineColumn(text, offset + length);
  return { ...start, endLine: end.line, endColumn: end.column };
}

/**
 * Where a pointer lands in the file: from the property's key when it has one, else the value, else its nearest
 * ancestor, to the end of that value.
 */
function locate(source: SourceFile, pointer: string): Span {
  source.tree ??= parseTree(source.text);
  if (!source.tree) return spanOf(source.text, 0, 0);
  const path = segments(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(source.tree, path.slice(0, n));
    if (!node) continue;
    const whole = node.parent?.type === "property" ? node.parent : node;
    return spanOf(source.text, whole.offset, whole.length);
  }
  return spanOf(source.text, 0, 0);
}

function readSource(
  file: string,
  problems: Problem[],
  relative: (file: string) => string,
  overrides?: ReadonlyMap<string, string>,
): SourceFile | undefined {
  const text = overrides?.get(file) ?? readContentFile(file) ?? fs.readFileSync(file, "utf8");
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !tree) {
    const syntax = (problem: string) => described("", configErrors.syntax, { problem });
    if (errors.length === 0)
      problems.push({ file: relative(file), ...spanOf(text, 0, 0), ...syntax("the file is empty") });
    // One mistake can raise several parse errors at one place (a trailing comma: "property name expected", then
    // "value expected"); the first says it best.
    const firstAtEachPlace = errors.filter((error, i) => errors.findIndex((e) => e.offset === error.offset) === i);
    for (const error of firstAtEachPlace) {
      const code = printParseErrorCode(error.error);
      problems.push({
        file: relative(file),
        ...spanOf(text, error.offset, error.length),
        ...syntax(syntaxHints[code] ?? code),
      });
    }
    return undefined;
  }
  return { file, text, value: JSON.parse(text) as unknown, tree };
}

/** jsonc-parser's error codes in plain words. */
const syntaxHints: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "a property name in double quotes was expected — is there a trailing comma before '}'?",
  ValueExpected: "a value was expected — is there a trailing comma before ']' or '}'?",
  ColonExpected: "':' was expected after the property name",
  CommaExpected: "',' was expected between two items",
  CloseBraceExpected: "'}' was expected — is a closing brace missing?",
  CloseBracketExpected: "']' was expected — is a closing bracket missing?",
  EndOfFileExpected: "unexpected text after the end of the document",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "comments are not allowed in JSON",
  UnexpectedEndOfString: "a string is not closed — is a double quote missing?",
  UnexpectedEndOfNumber: "a number is cut short",
  InvalidUnicode: "invalid \\u escape in a string",
  InvalidEscapeCharacter: "invalid escape in a string — write a backslash as \\\\",
  InvalidCharacter: "invalid character in a string — line breaks must be written \\n",
};

/** Where the browser goes for a site path: '.' and '..' segments (also written %2e) resolved, as it requests them. */
const browserPath = (value: string) => new URL(value, "https://site.invalid").pathname;

/** The file under public/ that a browser requesting this path gets, if there is one (a folder answers nothing). */
function publicFile(publicDir: string, value: string): string | undefined {
  try {
    const file = path.join(publicDir, decodeURIComponent(browserPath(value)));
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : undefined;
  } catch {
    return undefined; // malformed percent-encoding: no file answers it
  }
}

/**
 * What is wrong with a path that the browser would not request as written: a protocol-relative '//host' (or '/\host',
 * which browsers read the same) goes to another site, and '.' or '..' segments are resolved before the request.
 */
function oddSitePath(pointer: string, value: string): Described | undefined {
  if (/^[/\\]{2}/.test(value)) return described(pointer, configErrors.protocolRelative, { value });
  if (!value.startsWith("/")) return undefined;
  const sitePath = value.split(/[?#]/)[0];
  const resolved = browserPath(sitePath);
  return resolved !== sitePath && /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(sitePath)
    ? described(pointer, configErrors.dotSegment, { value, resolved })
    : undefined;
}

/**
 * One ajv error as a catalogue problem, or undefined for the errors that only repeat others: the block union's
 * `if`/`then` reports "must match then" beside the block's own errors.
 */
function describeAjvError(error: ErrorObject, validators: Validators): Described | undefined {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as {
    title?: string;
    description?: string;
    properties?: Record<string, unknown>;
    siteRef?: string;
  };
  const union = validators.ajv.getSchema(SCHEMA_BASE + BLOCK_UNION_FILE)?.schema as
    { properties: { type: unknown } } | undefined;
  switch (error.keyword) {
    case "if":
      return undefined;
    case "required":
      return parent === union && params.missingProperty === "type"
        ? described(pointer, configErrors.missingBlockType, { known: validators.blockTypes })
        : described(pointer, configErrors.required, { property: String(params.missingProperty) });
    case "additionalProperties": {
      const property = String(params.additionalProperty);
      return described(`${pointer}/${toSegment(property)}`, configErrors.unknownProperty, {
        property,
        allowed: Object.keys(parent.properties ?? {}),
      });
    }
    case "enum":
      return parent === union?.properties.type && typeof error.data === "string"
        ? described(pointer, configErrors.unknownBlockType, { type: error.data, known: validators.blockTypes })
        : parent.siteRef === "icon"
          ? described(pointer, configErrors.unknownIcon, {
              value: error.data,
              allowed: params.allowedValues as unknown[],
              meaning: typeof error.data === "string" ? iconsMeaning(error.data) : [],
            })
          : described(pointer, configErrors.notAllowed, {
              value: error.data,
              allowed: params.allowedValues as unknown[],
            });
    case "const":
      return described(pointer, configErrors.notAllowed, { value: error.data, allowed: [params.allowedValue] });
    case "maxLength":
      return described(pointer, configErrors.tooLong, { length: String(error.data).length, max: Number(params.limit) });
    case "minLength":
      return described(pointer, configErrors.tooShort, {
        length: String(error.data).length,
        min: Number(params.limit),
      });
    case "pattern": {
      const odd = typeof error.data === "string" ? oddSitePath(pointer, error.data) : undefined;
      if (odd) return odd;
      return parent.siteRef === "link"
        ? described(pointer, configErrors.badLink, { value: String(error.data) })
        : described(pointer, configErrors.badPattern, { value: String(error.data), description: parent.description });
    }
    case "type":
      return described(pointer, configErrors.wrongType, { expected: String(params.type) });
    case "minItems":
      return described(pointer, configErrors.tooFewItems, { min: Number(params.limit) });
    case "maxItems":
      return described(pointer, configErrors.tooManyItems, {
        count: (error.data as unknown[]).length,
        max: Number(params.limit),
      });
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return described(pointer, configErrors.outOfRange, {
        value: Number(error.data),
        bound: String(params.comparison),
        limit: Number(params.limit),
      });
    case "format":
      return described(pointer, configErrors.badFormat, { value: error.data, format: String(params.format) });
    default:
      return described(pointer, configErrors.invalid, { keyword: error.keyword });
  }
}

/**
 * The content files with the pages to check that are not on disk yet (the editor checks a translation before it writes
 * it), added where the content loader will find them: under pages/, or under a locale's pages/.
 */
function withUnwritten(
  files: ReturnType<typeof readContentFiles>,
  configDir: string,
  overrides: ReadonlyMap<string, string> | undefined,
): ReturnType<typeof readContentFiles> {
  const read = new Set([...files.pages, ...files.locales.flatMap((locale) => locale.pages)].map(({ file }) => file));
  const unwritten = [...(overrides ?? [])].filter(([file]) => !read.has(file) && file.endsWith(".json"));
  if (unwritten.length === 0) return files;
  let { pages, locales } = files;
  for (const [file, text] of unwritten) {
    const [folder, code, inLocale, ...rest] = path.relative(configDir, file).split(path.sep);
    if (folder === "pages") pages = [...pages, { file, text }];
    else if (folder === "locales" && code && inLocale === "pages" && rest.length > 0) {
      const own = locales.find((locale) => locale.code === code) ?? {
        code,
        site: { file: path.join(configDir, "locales", code, "site.json"), text: null },
        pages: [],
        sections: [],
      };
      locales = [...locales.filter((locale) => locale !== own), { ...own, pages: [...own.pages, { file, text }] }];
      locales.sort((a, b) => a.code.localeCompare(b.code));
    }
  }
  return { ...files, pages, locales };
}

/** Whether the file's text writes the value at `pointer`, rather than validation filling it in from a default. */
function writes(source: SourceFile, pointer: string): boolean {
  source.tree ??= parseTree(source.text);
  const path = segments(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  return !source.tree || findNodeAtLocation(source.tree, path) !== undefined;
}

/** Where site.json declares a locale: its entry in `locales.list`. */
function localePointer(site: SourceFile, locale: SiteLocale): string {
  const list = (site.value as LocalesOfSite).locales?.list;
  const index = Array.isArray(list)
    ? list.findIndex((declared) => (declared as { code?: unknown })?.code === locale.code)
    : -1;
  return index === -1 ? "/locales/list" : `/locales/list/${index}`;
}

const blockIds = (page: PageLike): string[] =>
  Array.isArray(page.blocks)
    ? page.blocks.flatMap((b: unknown) =>
        b && typeof b === "object" && typeof (b as { id?: unknown }).id === "string" ? [(b as { id: string }).id] : [],
      )
    : [];

/**
 * Validates site.json and every page document, reporting every problem in one pass. The result for the files on disk
 * and the project's schemas is kept in the process while none of them changes: a build validates in the plugins of
 * each of its environments (six times, a second each for a thousand pages).
 */
export function validateConfig(options: ValidateOptions = {}): ValidationResult {
  const configDir = options.configDir ?? CONFIG_DIR;
  const publicDir = options.publicDir ?? PUBLIC_DIR;
  const validate = () =>
    validateFiles(configDir, publicDir, options.validators ?? projectValidators(), options.overrides);
  if (options.validators || options.overrides) return validate();
  return computedOnce("validation", validationInputs(configDir, publicDir), validate);
}

/** Everything a validation reads: the config files, the names, sizes and dates of the public files, the schemas. */
function validationInputs(configDir: string, publicDir: string): string {
  const { site, pages, sections, locales } = readContentFiles(configDir);
  const all = [site, ...pages, ...sections, ...locales.flatMap((locale) => [locale.site, ...locale.pages])];
  const files = all.map(({ file }) => file);
  const texts = all.map(({ text }) => text);
  const publicFiles = fs.existsSync(publicDir)
    ? fs
        .readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const { size, mtimeMs } = fs.statSync(file);
          return [file, size, mtimeMs];
        })
    : [];
  const kept = readKeptSchemas(readBlockHistories(projectDir()), projectDir());
  return JSON.stringify([configDir, publicDir, files, texts, publicFiles, readSchemas(), kept]);
}

function validateFiles(
  configDir: string,
  publicDir: string,
  validators: Validators,
  overrides: ReadonlyMap<string, string> | undefined,
): ValidationResult {
  const problems: Problem[] = [];
  // Files are named from the folder that holds site-config/ and schemas/, as a marketer sees them.
  const projectDir = path.dirname(configDir);
  const relative = (file: string) => path.relative(projectDir, file).split(path.sep).join("/");
  const reportDescribed = (source: SourceFile, problem: Described) =>
    problems.push({ file: relative(source.file), ...locate(source, problem.pointer), ...problem });
  const report = <E extends AnyEntry>(source: SourceFile, pointer: string, entry: E, ...args: ArgsOf<E>) =>
    reportDescribed(source, described(pointer, entry, ...args));
  /** The links and assets that each file's schemas marked (`siteRef`), for the cross-checks below. */
  const references = new Map<SourceFile, MarkedReference[]>();

  const check = (source: SourceFile, validate: Validators["page"]) => {
    const valid = validate(source.value);
    // A value is met once per schema branch that reads it: one report per place is enough.
    references.set(source, [...new Map(validators.references().map((r) => [r.pointer, r])).values()]);
    if (valid) return true;
    const errors = validate.errors ?? [];
    const older = olderBlocks(source, errors);
    for (const [index, block] of older)
      report(source, `/blocks/${index}`, migrationErrors.olderBlock, {
        pointer: `/blocks/${index}`,
        type: block.type,
        version: block.version,
        latest: block.latest,
        names: block.pending.map((step) => step.name),
      });
    for (const error of errors) {
      // A block in an older shape gets one message, which names its change, instead of the schema's errors.
      if (older.has(Number(/^\/blocks\/(\d+)(\/|$)/.exec(error.instancePath)?.[1]))) continue;
      const problem = describeAjvError(error, validators);
      if (problem) problems.push({ file: relative(source.file), ...locate(source, problem.pointer), ...problem });
    }
    return false;
  };

  /**
   * The blocks with errors that are in an older shape of their type, by index. They are read from the file's text,
   * since validation has filled in the new shape's defaults.
   */
  const olderBlocks = (source: SourceFile, errors: ErrorObject[]): Map<number, OlderBlock> => {
    const out = new Map<number, OlderBlock>();
    const indexes = new Set(errors.map((error) => /^\/blocks\/(\d+)(\/|$)/.exec(error.instancePath)?.[1]));
    indexes.delete(undefined);
    if (indexes.size === 0) return out;
    const blocks = (JSON.parse(source.text) as PageLike).blocks;
    if (!Array.isArray(blocks)) return out;
    for (const index of indexes) {
      const block = olderBlock(validators, blocks[Number(index)]);
      if (block) out.set(Number(index), block);
    }
    return out;
  };

  const expectSchema = (source: SourceFile, schemaFile: string) => {
    const expected = path
      .relative(path.dirname(source.file), path.join(projectDir, "schemas", schemaFile))
      .split(path.sep)
      .join("/");
    const actual = (source.value as { $schema?: unknown } | null)?.$schema;
    if (typeof actual === "string" && actual !== expected)
      report(source, "/$schema", configErrors.schemaMismatch, { path: expected });
  };

  const siteSource = readSource(path.join(configDir, "site.json"), problems, relative, overrides);
  if (siteSource) {
    check(siteSource, validators.site);
    expectSchema(siteSource, "site.schema.json");
    checkLocaleList(siteSource, siteSource.value as LocalesOfSite, report);
  }
  const locales = siteLocales((siteSource?.value ?? {}) as LocalesOfSite);
  const [defaultLocale] = locales as [SiteLocale, ...SiteLocale[]];

  const contentFiles = withUnwritten(readContentFiles(configDir), configDir, overrides);
  // Shared sections are expanded from their files as written: the content loader expands them before defaults too.
  const readSections = (files: readonly { file: string }[]) => {
    const sources = new Map<string, SourceFile>();
    for (const { file } of files) {
      const source = readSource(file, problems, relative, overrides);
      if (!source) continue;
      check(source, validators.section);
      expectSchema(source, "section.schema.json");
      sources.set(sectionIdOf(file), source);
    }
    return sources;
  };
  const asWritten = (source: SourceFile) => {
    const value = JSON.parse(source.text) as unknown;
    return (value && typeof value === "object" ? value : {}) as { blocks?: unknown };
  };
  /** The sections as one locale's pages place them, and the checks of placing them there. */
  const sectionSet = (sources: Map<string, SourceFile>, ids: readonly string[]) => {
    const docs = new Map([...sources].map(([id, source]) => [id, asWritten(source) as SectionDoc]));
    const checks = sectionChecks({
      validators,
      sources,
      ids,
      docs,
      report,
      describe: (error) => describeAjvError(error, validators),
      addReferences: (source, added) => references.set(source, [...(references.get(source) ?? []), ...added]),
    });
    return { sources, docs, ...checks };
  };
  const sourceIds = contentFiles.sections.map(({ file }) => sectionIdOf(file));
  const sourceSections = sectionSet(readSections(contentFiles.sections), sourceIds);
  for (const [id, source] of sourceSections.sources) sourceSections.checkSection(source, id);
  /** Each section's file once, with the locale whose pages place it. */
  const sectionFiles = [...sourceSections.sources].map(([id, source]) => ({ id, source, locale: defaultLocale }));
  const localeSections = new Map<string, ReturnType<typeof sectionSet>>();
  const sectionsOf = (locale: SiteLocale) => localeSections.get(locale.code) ?? sourceSections;

  // A locale's chrome: its links stay in the locale, as its pages' do.
  const localeSites: { source: SourceFile; locale: SiteLocale }[] = [];
  /** The locales whose folder has a site.json: the others show the default locale's chrome. */
  const withOwnChrome = new Set<string>();
  const localeFolders = contentFiles.locales.flatMap((folder) => {
    const locale = locales.find((declared) => !declared.isDefault && declared.code === folder.code);
    if (!locale) {
      if (siteSource)
        report(siteSource, "/locales/list", localeErrors.undeclaredLocale, {
          folder: folder.code,
          codes: locales.slice(1).map((declared) => declared.code),
        });
      return [];
    }
    if (folder.site.text !== null) {
      withOwnChrome.add(locale.code);
      const source = readSource(folder.site.file, problems, relative, overrides);
      if (source) {
        check(source, validators.localeSite);
        expectSchema(source, "locale-site.schema.json");
        localeSites.push({ source, locale });
      }
    }
    if (folder.sections.length > 0) {
      // The locale's own version of a section stands in for the source's on its pages.
      const own = readSections(folder.sections);
      const set = sectionSet(new Map([...sourceSections.sources, ...own]), [
        ...new Set([...sourceIds, ...folder.sections.map(({ file }) => sectionIdOf(file))]),
      ]);
      for (const [id, source] of own) {
        if (!sourceIds.includes(id))
          report(source, "", localeErrors.sectionWithoutSource, { id, locale: locale.code, ids: sourceIds });
        set.checkSection(source, id);
        sectionFiles.push({ id, source, locale });
      }
      localeSections.set(locale.code, set);
    }
    return folder.pages.map(({ file }) => ({ file, locale }));
  });

  const pages: {
    source: SourceFile;
    page: PageLike;
    placed: Set<string>;
    endsUnknown: boolean;
    locale: SiteLocale;
  }[] = [];
  const pageFiles = [...contentFiles.pages.map(({ file }) => ({ file, locale: defaultLocale })), ...localeFolders];
  for (const { file, locale } of pageFiles) {
    const source = readSource(file, problems, relative, overrides);
    if (!source) continue;
    check(source, validators.page);
    expectSchema(source, "page.schema.json");
    const written = (source.value ?? {}) as PageLike;
    const asIs = asWritten(source).blocks;
    const sections = sectionsOf(locale);
    const { blocks, problems: unplaced } = sections.checkPlacing(source, undefined, asIs);
    // The page as the site shows it: anchors, the closing call to action and links are judged on it.
    const page = Array.isArray(written.blocks) ? { ...written, blocks } : written;
    // A page that ends with a section it cannot place does not show what it ends with: that problem is said already.
    const endsUnknown = unplaced.length > 0 && Array.isArray(asIs) && isSectionRef(asIs.at(-1));
    pages.push({ source, page, placed: sectionsPlaced(asIs, sections.docs), endsUnknown, locale });
  }
  const sourcePaths = pages.flatMap(({ page, locale }) =>
    locale.isDefault && typeof page.path === "string" ? [page.path] : [],
  );
  const translatedIn = new Map(locales.map((locale) => [locale.code, new Map<string, string>()]));
  for (const { source, page, locale } of pages)
    checkTranslation(
      source,
      page as PageLike & { translationOf?: unknown },
      locale,
      { sources: sourcePaths, translated: translatedIn.get(locale.code)!, file: relative(source.file) },
      report,
    );

  const byPath = new Map<string, { source: SourceFile; page: PageLike }>();
  for (const entry of pages) {
    const { page, source, endsUnknown } = entry;
    if (typeof page.path === "string") {
      const other = byPath.get(page.path);
      // Said on both files, each naming the other: whichever of the two was just written, its author sees it.
      if (other) {
        report(source, "/path", configErrors.duplicatePath, { path: page.path, other: relative(other.source.file) });
        report(other.source, "/path", configErrors.duplicatePath, { path: page.path, other: relative(source.file) });
      } else byPath.set(page.path, entry);
    }
    const written = (source.value as PageLike | undefined)?.blocks;
    if (Array.isArray(page.blocks) && Array.isArray(written) && !endsUnknown) {
      const last = page.blocks.at(-1) as { type?: unknown } | undefined;
      if (last && last.type !== "call-to-action") {
        // The message names what the page ends with as it is written: its call-to-action block or the section placing it.
        const closing = closingOf(written, sectionsOf(entry.locale).docs);
        report(source, `/blocks/${written.length - 1}`, configErrors.mustEndWithCallToAction, {
          closing: closing && { section: closing.section, after: written.length - 1 - closing.index },
        });
      }
    }
  }

  type Entry = (typeof pages)[number];
  const localisable = pages.flatMap((entry) =>
    typeof entry.page.path === "string"
      ? [{ path: entry.page.path, translationOf: (entry.page as { translationOf?: unknown }).translationOf, entry }]
      : [],
  ) as { path: string; translationOf?: string; entry: Entry }[];
  const routes = localisedRoutes(
    locales,
    localisable.filter(({ entry }) => entry.locale.isDefault),
    new Map(locales.map((locale) => [locale.code, localisable.filter(({ entry }) => entry.locale === locale)])),
  );
  checkFallbackCollisions(routes, ({ entry }) => entry.source, report);
  const routeAt = new Map<string, LocalisedRoute<(typeof localisable)[number]>>();
  for (const route of routes) if (!routeAt.has(route.path)) routeAt.set(route.path, route);
  const pathsIn = new Map(
    locales.map((locale) => [
      locale.code,
      [...new Set(routes.filter((route) => route.locale === locale).map((route) => route.path))].sort(),
    ]),
  );
  /**
   * A page's address under a locale's prefix (`/de/about`), where the locale has translated it at an address of its
   * own (`/de/ueber-uns`): a link written as if the locale showed the page from its fallback is told where it went.
   */
  const translatedAt = new Map(
    routes
      .filter((route) => route.kind === "translation" && route.path !== prefixedPath(route.locale.prefix, route.source))
      .map((route) => [
        `${route.locale.code} ${prefixedPath(route.locale.prefix, route.source)}`,
        { source: route.source, locale: route.locale.code, path: route.path },
      ]),
  );
  const checkLinks = (source: SourceFile, ownPage: PageLike | undefined, locale: SiteLocale) => {
    const paths = pathsIn.get(locale.code) ?? [];
    const marked = references.get(source) ?? [];
    for (const { pointer, value } of marked.filter((r) => r.kind === "link")) {
      const internal = value.startsWith("/") || value.startsWith("#");
      if (!internal) continue;
      // The same judgement as the schema's patterns, so that a path is checked as the browser will request it.
      const odd = oddSitePath(pointer, value);
      if (odd) {
        reportDescribed(source, odd);
        continue;
      }
      const hash = value.indexOf("#");
      const target = hash === -1 ? value : value.slice(0, hash);
      const anchor = hash === -1 ? "" : value.slice(hash + 1);
      const targetPath = target === "" ? (ownPage?.path as string | undefined) : browserPath(target.split("?")[0]);
      if (targetPath === undefined) continue;
      const route = routeAt.get(targetPath) ?? routeAt.get(targetPath.replace(/\/$/, ""));
      if (!route) {
        if (!anchor && publicFile(publicDir, targetPath)) continue;
        const translated = translatedAt.get(`${locale.code} ${targetPath.replace(/(.)\/$/, "$1")}`);
        report(source, pointer, configErrors.brokenLink, { href: value, paths, ...(translated && { translated }) });
        continue;
      }
      if (route.locale !== locale) {
        const own = routes.find((other) => other.locale === locale && other.source === route.source);
        // A link the file never wrote is the schema's default (a lead form's privacy link): said so, since the fix is
        // to write the field.
        const byDefault = !writes(source, pointer);
        if (own)
          report(source, pointer, localeErrors.linkOutOfLocale, {
            href: value,
            locale: locale.code,
            localised: `${own.path}${value.slice(target.length)}`,
            ...(byDefault && { byDefault }),
          });
        else
          report(source, pointer, localeErrors.linkToUnpublished, {
            href: value,
            locale: locale.code,
            ...(byDefault && { byDefault }),
          });
        continue;
      }
      const { page } = route.page.entry;
      if (anchor && !blockIds(page).includes(anchor))
        report(source, pointer, configErrors.brokenAnchor, { href: value, page: targetPath, ids: blockIds(page) });
    }
    for (const { pointer, value } of marked.filter((r) => r.kind === "asset")) {
      if (!value.startsWith("/")) continue;
      const odd = oddSitePath(pointer, value);
      if (odd) reportDescribed(source, odd);
      else if (!publicFile(publicDir, value)) report(source, pointer, configErrors.missingAsset, { src: value });
    }
  };
  /** The pages a file (the default locale's chrome) links to that have no version in `locale`, by their paths. */
  const linksNotIn = (source: SourceFile, locale: SiteLocale) => {
    const links = (references.get(source) ?? []).filter((r) => r.kind === "link" && r.value.startsWith("/"));
    const unkept = links.flatMap(({ value }) => {
      if (oddSitePath("", value)) return [];
      const target = browserPath(value.split(/[?#]/)[0]!);
      const route = routeAt.get(target) ?? routeAt.get(target.replace(/\/$/, ""));
      const kept = !route || routes.some((other) => other.locale === locale && other.source === route.source);
      return kept ? [] : [route.source];
    });
    return [...new Set(unkept)];
  };
  const checkShareImage = (source: SourceFile, ownPage: PageLike) => {
    const shareImage = ownPage.image?.src;
    const shareFile = typeof shareImage === "string" ? publicFile(publicDir, shareImage) : undefined;
    if (typeof shareImage === "string" && shareFile) {
      const info = imageInfo(fs.readFileSync(shareFile));
      if (!info) report(source, "/image/src", configErrors.notAnImage, { src: shareImage });
      else if (info.width < MIN_SHARE_WIDTH || info.height < MIN_SHARE_HEIGHT)
        report(source, "/image/src", configErrors.imageTooSmall, {
          src: shareImage,
          width: info.width,
          height: info.height,
          minWidth: MIN_SHARE_WIDTH,
          minHeight: MIN_SHARE_HEIGHT,
        });
    }
  };
  if (siteSource) {
    checkLinks(siteSource, undefined, defaultLocale);
    // A locale without a site.json of its own shows this one's chrome, its links led to the locale's address of each
    // page: those whose page the locale does not publish cannot stay in it.
    // A locale that shows every page it lacks from its fallback has every page the chrome links to (LOC004 says
    // where its fallback is wrong).
    for (const locale of locales.slice(1)) {
      if (withOwnChrome.has(locale.code) || locale.missing === "fallback") continue;
      const unkept = linksNotIn(siteSource, locale);
      if (unkept.length > 0)
        report(siteSource, localePointer(siteSource, locale), localeErrors.borrowedChrome, {
          locale: locale.code,
          links: unkept,
        });
    }
  }
  for (const { source, locale } of localeSites) checkLinks(source, undefined, locale);
  for (const { source, page, locale } of pages) {
    checkLinks(source, page, locale);
    checkShareImage(source, page);
  }
  // A section's links and anchors are checked on every page that places it, as each of them shows it.
  for (const { id, source, locale } of sectionFiles) {
    const placing = pages.filter(
      (entry) => entry.placed.has(id) && sectionsOf(entry.locale).sources.get(id) === source,
    );
    if (placing.length === 0) checkLinks(source, undefined, locale);
    for (const { page, locale: shownIn } of placing) checkLinks(source, page, shownIn);
  }

  // A path the schema refuses for its form is also refused by the link check, with the same message: report it once.
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.file}\u0000${p.pointer}\u0000${p.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  unique.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const icons = new Set<string>();
  for (const marked of references.values()) for (const { kind, value } of marked) if (kind === "icon") icons.add(value);
  return { problems: unique, pageCount: pages.length, icons: [...icons].sort() };
}

export const formatProblem = (p: Problem) =>
  `${p.file}:${p.line}:${p.column}  ${p.pointer || "/"}  ${p.code} ${p.message}`;
