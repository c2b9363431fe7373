/**
 * Page documents generated from the block schemas, to prove that whatever a schema accepts renders well.
 *
 * For every block type (found by `blockTypes()`, so a new block is covered with no extra work) it builds:
 * - `min`: required fields only, arrays at `minItems`, strings at `minLength`, numbers at `minimum`;
 * - `max-N`: every optional field, strings at `maxLength` made of long words and unbreakable tokens (e-mail
 *   addresses, URLs), arrays at `maxItems`, numbers at `maximum`; variant N picks the N-th value of every enum, so
 *   that the variants together show each `tone`, layout and column count;
 * - `random-N`: a seeded random document between those extremes.
 *
 * Values with a pattern come from a pool of values that also pass the cross-checks (pages that exist, files under
 * public/), or else from fast-check's `stringMatching`, seeded. The pool holds no address the page would load from
 * another site (a YouTube video): the check runs offline, and judges our layout, not theirs.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { AnySchemaObject } from "ajv";
import { allPaths, localeOfPath } from "../../renderer/content/pages.server.ts";
import { blockSchemas, readSchemas, type SchemaFile } from "../../contract/schemas.server.ts";
import { PUBLIC_DIR, ROOT } from "../../toolchain/paths.ts";

/**
 * Every block type with its schema, found from the block folders (`blocks/<type>/schema.json`), the one place where
 * block types live: a block added with `npm run new:block` is generated with no extra work.
 */
export function blockTypes(): { type: string; file: SchemaFile }[] {
  return [...blockSchemas(readSchemas(ROOT)).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, file]) => ({ type, file }));
}

type Schema = AnySchemaObject;
type Mode = "min" | "max" | "random";

interface Context {
  mode: Mode;
  /** Which value of each enum the `max` variants pick. */
  variant: number;
  random: () => number;
  seed: number;
  /** Schema file the current schema came from, to resolve relative `$ref`s. */
  file: string;
  /** Position of the current value among its siblings, so that items of a list differ. */
  index: number;
}

/** Text at its limit: long words, and tokens a browser cannot break at a space (an address, a URL). */
const HARD_TOKENS = [
  "Telecommunications",
  "Internationalisation",
  "customer.service.team@very-long-insurer-name.example.com",
  "https://www.example-insurance-group.example.com/claims/first-notification-of-loss?policy=AB-1234567890",
  "Antidisestablishmentarianism",
  "claims",
  "and",
  "policyholders",
];
const WORDS = ["claims", "policy", "renewal", "customer", "agent", "cover", "quote", "a", "in", "of", "the", "we"];

/** Small seeded PRNG (mulberry32): the same seed gives the same documents on every machine. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)];
const between = (low: number, high: number, random: () => number) => low + Math.floor(random() * (high - low + 1));

function fillText(length: number, tokens: readonly string[], start: number): string {
  let text = "";
  for (let i = start; text.length < length; i++) text += (text ? " " : "") + tokens[i % tokens.length];
  return text.slice(0, length).trimEnd().padEnd(length, "x");
}

function randomText(min: number, max: number, random: () => number): string {
  // Mostly ordinary lengths, sometimes the limit; sometimes a long unbreakable token.
  const length = random() < 0.25 ? max : between(min, Math.min(max, min + 80), random);
  if (length === 0) return "";
  const words: string[] = [];
  while (words.join(" ").length < length) words.push(pick(random() < 0.15 ? HARD_TOKENS : WORDS, random));
  const text = words.join(" ").slice(0, length).trim();
  return text.length >= min ? text : text.padEnd(min, "x");
}

/** Values that pass the cross-checks as well as the schema: real pages, real files, safe external links. */
function valuePool(): string[] {
  const files = fs
    .readdirSync(PUBLIC_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => "/" + path.relative(PUBLIC_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  return [
    // The generated pages are the default locale's: their links stay in it.
    ...allPaths().filter((path) => localeOfPath(path).isDefault),
    ...files,
    "https://www.example.com/",
    "https://www.example-insurance-group.example.com/claims/first-notification-of-loss",
    "mailto:customer.service.team@very-long-insurer-name.example.com",
    "tel:+44 161 496 0000",
  ];
}
let pool: string[] | undefined;

function patterned(schema: Schema, ctx: Context): string {
  const regex = new RegExp(schema.pattern as string, "u");
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 200;
  const fits = (value: string) => regex.test(value) && value.length >= min && value.length <= max;
  pool ??= valuePool();
  const candidates = pool.filter(fits).sort((a, b) => a.length - b.length);
  if (candidates.length > 0) {
    if (ctx.mode === "min") return candidates[0];
    if (ctx.mode === "max") return candidates[(candidates.length - 1 - ctx.index) % candidates.length] ?? candidates[0];
    return pick(candidates, ctx.random);
  }
  const samples = fc.sample(fc.stringMatching(regex).filter(fits), {
    seed: ctx.seed + ctx.index,
    numRuns: ctx.mode === "random" ? 1 : 20,
  });
  if (samples.length === 0) throw new Error(`No value found for pattern ${schema.pattern}`);
  const sorted = [...samples].sort((a, b) => a.length - b.length);
  return ctx.mode === "min" ? sorted[0] : (sorted.at(-1) as string);
}

function text(schema: Schema, ctx: Context): string {
  if (schema.format === "date")
    return ctx.mode === "random"
      ? `20${between(10, 39, ctx.random)}-0${between(1, 9, ctx.random)}-1${between(0, 9, ctx.random)}`
      : "2026-10-01";
  if (schema.format === "email") return "customer.service@very-long-insurer-name.example.com";
  if (schema.pattern) return patterned(schema, ctx);
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 200;
  // Items of a list differ from one another (a list may require unique items).
  if (ctx.mode === "min") return (String.fromCharCode(65 + (ctx.index % 26)) + "oxa").padEnd(min, "a").slice(0, min);
  if (ctx.mode === "max") {
    const filled = fillText(max, HARD_TOKENS, ctx.index);
    return ctx.index < HARD_TOKENS.length ? filled : filled.slice(0, max - String(ctx.index).length) + ctx.index;
  }
  return randomText(min, max, ctx.random);
}

function number(schema: Schema, ctx: Context): number {
  const integer = schema.type === "integer";
  const low = (schema.minimum as number | undefined) ?? 0;
  const high = (schema.maximum as number | undefined) ?? low + 1000;
  if (ctx.mode === "min") return low;
  if (ctx.mode === "max") return high;
  const value = low + ctx.random() * (high - low);
  return integer ? Math.round(value) : Math.round(value * 100) / 100;
}

function resolve(schema: Schema, ctx: Context): { schema: Schema; file: string } {
  if (typeof schema.$ref !== "string") return { schema, file: ctx.file };
  const [target, pointer = ""] = schema.$ref.split("#");
  const file = target ? path.posix.join(path.posix.dirname(ctx.file), target) : ctx.file;
  const root = schemaFiles().get(file);
  if (!root) throw new Error(`$ref ${schema.$ref} from ${ctx.file}: no schema ${file}`);
  const resolved = pointer
    .split("/")
    .filter(Boolean)
    .reduce<Schema>((node, key) => node[key] as Schema, root);
  return resolve(resolved, { ...ctx, file });
}

let files: Map<string, Schema> | undefined;
const schemaFiles = () => (files ??= new Map(readSchemas(ROOT).map(({ name, schema }) => [name, schema])));

function generate(input: Schema, ctx: Context): unknown {
  const { schema, file } = resolve(input, ctx);
  const here = { ...ctx, file };
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    if (ctx.mode === "min") return values[0];
    if (ctx.mode === "max") return values[(ctx.variant + ctx.index) % values.length];
    return pick(values, ctx.random);
  }
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const options = (schema.oneOf ?? schema.anyOf) as Schema[];
    return generate(ctx.mode === "random" ? pick(options, ctx.random) : options[ctx.variant % options.length], here);
  }
  switch (schema.type) {
    case "object":
      return object(schema, here);
    case "array":
      return array(schema, here);
    case "string":
      return text(schema, here);
    case "integer":
    case "number":
      return number(schema, here);
    case "boolean":
      return ctx.mode === "random" ? ctx.random() < 0.5 : ctx.mode === "max";
    default:
      throw new Error(`${ctx.file}: cannot generate a value for schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

function object(schema: Schema, ctx: Context): Record<string, unknown> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    // A picture says what it shows unless it is decorative: a rule of validation (IMG010), not of its schema.
    const describesPicture = key === "alt" && "decorative" in (schema.properties as Record<string, Schema>);
    const include =
      required.has(key) ||
      describesPicture ||
      ctx.mode === "max" ||
      (ctx.mode === "random" && ctx.random() < 0.6 && key !== "id");
    // `id` is an anchor, not content: the generated pages leave it out unless it is required.
    if (!include || (key === "id" && !required.has(key))) continue;
    // The item's position carries down, so that the items of a list differ (in text, in links).
    out[key] = generate(property, ctx);
  }
  return out;
}

function array(schema: Schema, ctx: Context): unknown[] {
  const min = (schema.minItems as number | undefined) ?? 0;
  const max = (schema.maxItems as number | undefined) ?? min + 6;
  const count = ctx.mode === "min" ? min : ctx.mode === "max" ? max : between(min, max, ctx.random);
  const items: unknown[] = [];
  for (let index = 0; items.length < count; index++) {
    const item = generate(schema.items as Schema, { ...ctx, index, seed: ctx.seed + index * 7919 });
    if (schema.uniqueItems && items.some((other) => JSON.stringify(other) === JSON.stringify(item))) {
      if (index > count * 20) throw new Error(`${ctx.file}: cannot find ${count} distinct items`);
      continue;
    }
    items.push(item);
  }
  return items;
}

export interface GeneratedPage {
  /** "hero/max-1": block type and case. */
  name: string;
  type: string;
  path: string;
  document: Record<string, unknown>;
}

export interface GenerateOptions {
  seed: number;
  /** `max` variants per block type (each picks the next value of every enum). */
  maxVariants: number;
  /** Random documents per block type. */
  random: number;
}

/** One page per block type and case: the generated block, then the shared closing call to action. */
export function generatePages({ seed, maxVariants, random }: GenerateOptions): GeneratedPage[] {
  const cases: { label: string; mode: Mode; variant: number }[] = [
    { label: "min", mode: "min", variant: 0 },
    ...Array.from({ length: maxVariants }, (_, n) => ({ label: `max-${n + 1}`, mode: "max" as const, variant: n })),
    ...Array.from({ length: random }, (_, n) => ({ label: `random-${n + 1}`, mode: "random" as const, variant: n })),
  ];
  return blockTypes().flatMap(({ type, file }, typeIndex) =>
    cases.map(({ label, mode, variant }) => {
      const caseSeed = seed + typeIndex * 1_000_003 + variant * 10_007 + (mode === "random" ? 1 : 0);
      const block = generate(file.schema, {
        mode,
        variant,
        random: prng(caseSeed),
        seed: caseSeed,
        file: file.name,
        index: 0,
      }) as Record<string, unknown>;
      const pagePath = `/generated/${type}-${label}`;
      return {
        name: `${type}/${label}`,
        type,
        path: pagePath,
        document: {
          $schema: "../../../schemas/page.schema.json",
          path: pagePath,
          title: `Generated ${type} (${label})`,
          description: `A ${type} block at its ${mode === "random" ? "random" : mode} case, generated from its schema.`,
          blocks: type === "call-to-action" ? [block] : [block, { type: "call-to-action" }],
        },
      };
    }),
  );
}

/** A copy of site-config/ with the generated pages under pages/generated/, for SITE_CONFIG_DIR. */
export function writeGeneratedConfig(configDir: string, target: string, pages: GeneratedPage[]): void {
  fs.cpSync(configDir, target, { recursive: true });
  const dir = path.join(target, "pages", "generated");
  fs.mkdirSync(dir, { recursive: true });
  for (const page of pages)
    fs.writeFileSync(
      path.join(dir, `${page.path.split("/").at(-1)}.json`),
      JSON.stringify(page.document, null, 2) + "\n",
    );
}

/**
 * A URL-like token of exactly `length` characters with no place a browser may break a line (no space, hyphen or
 * slash): the hardest label a text field of that length accepts.
 */
export const unbreakableToken = (word: string, length: number) =>
  `www.${word.repeat(Math.ceil(length / word.length))}`.slice(0, length - ".example".length) + ".example";

/**
 * Cases the generator's fill does not reach, written on purpose: an industry hero whose two action labels are each
 * one unbreakable token at the label's maxLength (side by side they are wider than the hero's text column at 1366 px).
 */
export function edgePages(): GeneratedPage[] {
  const type = "industry-hero";
  const file = blockTypes().find((block) => block.type === type)?.file;
  if (!file) throw new Error(`no block type ${type}`);
  const defs = schemaFiles().get("schemas/defs.schema.json")?.$defs as Record<string, Schema>;
  const max = (defs.cta.properties as Record<string, Schema>).label.maxLength as number;
  const block = generate(file.schema, {
    mode: "max",
    variant: 0,
    random: prng(1),
    seed: 1,
    file: file.name,
    index: 0,
  }) as { actions: { label: string }[] };
  const words = ["firstnotificationofloss", "policyrenewalsandquotes"];
  block.actions = block.actions.map((action, index) => ({ ...action, label: unbreakableToken(words[index], max) }));
  const pagePath = `/generated/${type}-unbreakable-labels`;
  return [
    {
      name: `${type}/unbreakable-labels`,
      type,
      path: pagePath,
      document: {
        $schema: "../../../schemas/page.schema.json",
        path: pagePath,
        title: `Generated ${type} (unbreakable labels)`,
        description: "An industry hero whose two action labels are unbreakable tokens at their maxLength.",
        blocks: [block, { type: "call-to-action" }],
      },
    },
  ];
}
