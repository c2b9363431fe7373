import fs from "node:fs";
import path from "node:path";
import type { ErrorObject } from "ajv";
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import { listPageFiles } from "../../renderer/content/files.server.ts";
import { messages } from "./messages.ts";
import { CONFIG_DIR, PUBLIC_DIR } from "./paths.ts";
import { createValidators, type Validators } from "./schemas.ts";

export interface Problem {
  file: string;
  line: number;
  column: number;
  /** JSON pointer to the offending value, "" for the whole document. */
  pointer: string;
  message: string;
}

interface SourceFile {
  file: string;
  text: string;
  value: unknown;
  tree?: Node;
}

interface PageLike {
  path?: unknown;
  blocks?: unknown;
}

export interface ValidateOptions {
  configDir?: string;
  publicDir?: string;
  validators?: Validators;
}

export interface ValidationResult {
  problems: Problem[];
  pageCount: number;
}

const LINK_KEYS = new Set(["href"]);
const ASSET_KEYS = new Set(["src", "poster", "ogImage"]);

function lineColumn(text: string, offset: number): { line: number; column: number } {
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

const toSegment = (s: string | number) => String(s).replace(/~/g, "~0").replace(/\//g, "~1");

/** Where a pointer lands in the file: the property's key when it has one, else the value, else its nearest ancestor. */
function locate(source: SourceFile, pointer: string): { line: number; column: number } {
  source.tree ??= parseTree(source.text);
  if (!source.tree) return { line: 1, column: 1 };
  const path = segments(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(source.tree, path.slice(0, n));
    if (!node) continue;
    const anchor = node.parent?.type === "property" && node.parent.children?.[0] ? node.parent.children[0] : node;
    return lineColumn(source.text, anchor.offset);
  }
  return { line: 1, column: 1 };
}

function readSource(file: string, problems: Problem[], relative: (file: string) => string): SourceFile | undefined {
  const text = fs.readFileSync(file, "utf8");
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !tree) {
    if (errors.length === 0)
      problems.push({
        file: relative(file),
        line: 1,
        column: 1,
        pointer: "",
        message: messages.syntax("the file is empty"),
      });
    for (const error of errors) {
      problems.push({
        file: relative(file),
        ...lineColumn(text, error.offset),
        pointer: "",
        message: messages.syntax(printParseErrorCode(error.error)),
      });
    }
    return undefined;
  }
  return { file, text, value: JSON.parse(text) as unknown, tree };
}

/** Where the browser goes for a site path: '.' and '..' segments (also written %2e) resolved, as it requests them. */
const browserPath = (value: string) => new URL(value, "https://site.invalid").pathname;

/**
 * What is wrong with a path that the browser would not request as written: a protocol-relative '//host' (or '/\host',
 * which browsers read the same) goes to another site, and '.' or '..' segments are resolved before the request.
 */
/** Whether the file a browser would request for this path is under public/. */
function publicFileExists(publicDir: string, value: string): boolean {
  try {
    return fs.existsSync(path.join(publicDir, decodeURIComponent(browserPath(value))));
  } catch {
    return false; // malformed percent-encoding: no file answers it
  }
}

function oddSitePath(value: string): string | undefined {
  if (/^[/\\]{2}/.test(value)) return messages.protocolRelative(value);
  if (!value.startsWith("/")) return undefined;
  const path = value.split(/[?#]/)[0];
  const resolved = browserPath(path);
  return resolved !== path && /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path)
    ? messages.dotSegment(value, resolved)
    : undefined;
}

function describeAjvError(error: ErrorObject, blockTypes: readonly string[]): { pointer: string; message: string } {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as {
    title?: string;
    description?: string;
    properties?: Record<string, unknown>;
  };
  switch (error.keyword) {
    case "discriminator":
      return params.tagValue === undefined || typeof params.tagValue !== "string"
        ? { pointer, message: messages.missingBlockType(blockTypes) }
        : { pointer: `${pointer}/type`, message: messages.unknownBlockType(params.tagValue, blockTypes) };
    case "required":
      return { pointer, message: messages.required(String(params.missingProperty)) };
    case "additionalProperties": {
      const property = String(params.additionalProperty);
      return {
        pointer: `${pointer}/${toSegment(property)}`,
        message: messages.unknownProperty(property, Object.keys(parent.properties ?? {})),
      };
    }
    case "enum":
      return { pointer, message: messages.notAllowedValue(error.data, params.allowedValues as unknown[]) };
    case "const":
      return { pointer, message: messages.notAllowedValue(error.data, [params.allowedValue]) };
    case "maxLength":
      return { pointer, message: messages.tooLong(String(error.data).length, Number(params.limit)) };
    case "minLength":
      return { pointer, message: messages.tooShort(String(error.data).length, Number(params.limit)) };
    case "pattern": {
      const odd = typeof error.data === "string" ? oddSitePath(error.data) : undefined;
      if (odd) return { pointer, message: odd };
      return parent.title === "Href"
        ? { pointer, message: messages.badLink(String(error.data)) }
        : { pointer, message: messages.badPattern(String(error.data), parent.description) };
    }
    case "type":
      return { pointer, message: messages.wrongType(String(params.type)) };
    case "minItems":
      return { pointer, message: messages.tooFewItems(Number(params.limit)) };
    case "maxItems":
      return { pointer, message: messages.tooManyItems((error.data as unknown[]).length, Number(params.limit)) };
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return {
        pointer,
        message: messages.outOfRange(Number(error.data), String(params.comparison), Number(params.limit)),
      };
    case "format":
      return { pointer, message: messages.badFormat(error.data, String(params.format)) };
    default:
      return { pointer, message: messages.generic(error) };
  }
}

/** Every string under one of `keys`, with its pointer. */
function collect(value: unknown, keys: Set<string>, pointer = "", out: { pointer: string; value: string }[] = []) {
  if (Array.isArray(value)) value.forEach((item, i) => collect(item, keys, `${pointer}/${i}`, out));
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const childPointer = `${pointer}/${toSegment(key)}`;
      if (keys.has(key) && typeof child === "string") out.push({ pointer: childPointer, value: child });
      else collect(child, keys, childPointer, out);
    }
  }
  return out;
}

const blockIds = (page: PageLike): string[] =>
  Array.isArray(page.blocks)
    ? page.blocks.flatMap((b: unknown) =>
        b && typeof b === "object" && typeof (b as { id?: unknown }).id === "string" ? [(b as { id: string }).id] : [],
      )
    : [];

/** Validates site.json and every page document, reporting every problem in one pass. */
export function validateConfig(options: ValidateOptions = {}): ValidationResult {
  const configDir = options.configDir ?? CONFIG_DIR;
  const publicDir = options.publicDir ?? PUBLIC_DIR;
  const validators = options.validators ?? createValidators();
  const problems: Problem[] = [];
  // Files are named from the folder that holds site-config/ and schemas/, as a marketer sees them.
  const projectDir = path.dirname(configDir);
  const relative = (file: string) => path.relative(projectDir, file).split(path.sep).join("/");
  const report = (source: SourceFile, pointer: string, message: string) =>
    problems.push({ file: relative(source.file), ...locate(source, pointer), pointer, message });

  const check = (source: SourceFile, validate: Validators["page"]) => {
    if (validate(source.value)) return true;
    for (const error of validate.errors ?? []) {
      const { pointer, message } = describeAjvError(error, validators.blockTypes);
      report(source, pointer, message);
    }
    return false;
  };

  const expectSchema = (source: SourceFile, schemaFile: string) => {
    const expected = path
      .relative(path.dirname(source.file), path.join(projectDir, "schemas", schemaFile))
      .split(path.sep)
      .join("/");
    const actual = (source.value as { $schema?: unknown }).$schema;
    if (typeof actual === "string" && actual !== expected)
      report(source, "/$schema", messages.schemaMismatch(expected));
  };

  const siteSource = readSource(path.join(configDir, "site.json"), problems, relative);
  if (siteSource) {
    check(siteSource, validators.site);
    expectSchema(siteSource, "site.schema.json");
  }

  const pages: { source: SourceFile; page: PageLike }[] = [];
  for (const file of listPageFiles(path.join(configDir, "pages"))) {
    const source = readSource(file, problems, relative);
    if (!source) continue;
    check(source, validators.page);
    expectSchema(source, "page.schema.json");
    const page = (source.value ?? {}) as PageLike;
    pages.push({ source, page });
  }

  const byPath = new Map<string, { source: SourceFile; page: PageLike }>();
  for (const entry of pages) {
    const { page, source } = entry;
    if (typeof page.path === "string") {
      const other = byPath.get(page.path);
      if (other) report(source, "/path", messages.duplicatePath(page.path, relative(other.source.file)));
      else byPath.set(page.path, entry);
    }
    const seen = new Set<string>();
    if (Array.isArray(page.blocks)) {
      page.blocks.forEach((block: { id?: unknown; type?: unknown } | null, i) => {
        if (typeof block?.id === "string") {
          if (seen.has(block.id)) report(source, `/blocks/${i}/id`, messages.duplicateId(block.id));
          seen.add(block.id);
        }
      });
      const last = page.blocks.at(-1) as { type?: unknown } | undefined;
      if (last && last.type !== "call-to-action")
        report(source, `/blocks/${page.blocks.length - 1}`, messages.mustEndWithCallToAction());
    }
  }

  const paths = [...byPath.keys()].sort();
  const checkLinks = (source: SourceFile, ownPage: PageLike | undefined) => {
    for (const { pointer, value } of collect(source.value, LINK_KEYS)) {
      const internal = value.startsWith("/") || value.startsWith("#");
      if (!internal) continue;
      // The same judgement as the schema's patterns, so that a path is checked as the browser will request it.
      const odd = oddSitePath(value);
      if (odd) {
        report(source, pointer, odd);
        continue;
      }
      const hash = value.indexOf("#");
      const target = hash === -1 ? value : value.slice(0, hash);
      const anchor = hash === -1 ? "" : value.slice(hash + 1);
      const targetPath = target === "" ? (ownPage?.path as string | undefined) : browserPath(target.split("?")[0]);
      if (targetPath === undefined) continue;
      const page = byPath.get(targetPath)?.page ?? byPath.get(targetPath.replace(/\/$/, ""))?.page;
      if (!page) {
        if (!anchor && fs.existsSync(path.join(publicDir, targetPath))) continue;
        report(source, pointer, messages.brokenLink(value, paths));
        continue;
      }
      if (anchor && !blockIds(page).includes(anchor))
        report(source, pointer, messages.brokenAnchor(value, targetPath, blockIds(page)));
    }
    for (const { pointer, value } of collect(source.value, ASSET_KEYS)) {
      if (!value.startsWith("/")) continue;
      const odd = oddSitePath(value);
      if (odd) report(source, pointer, odd);
      else if (!publicFileExists(publicDir, value)) report(source, pointer, messages.missingAsset(value));
    }
  };
  if (siteSource) checkLinks(siteSource, undefined);
  for (const { source, page } of pages) checkLinks(source, page);

  // A path the schema refuses for its form is also refused by the link check, with the same message: report it once.
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.file}\u0000${p.pointer}\u0000${p.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  unique.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { problems: unique, pageCount: pages.length };
}

export const formatProblem = (p: Problem) => `${p.file}:${p.line}:${p.column}  ${p.pointer || "/"}  ${p.message}`;
