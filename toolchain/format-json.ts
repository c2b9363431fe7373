import { type Node, type ParseError, parseTree } from "jsonc-parser";
import prettier from "prettier";
import { builders, printer } from "prettier/doc";

const { group, indent, line, softline, hardline, fill } = builders;
type Doc = builders.Doc;

/** The options of Prettier's that change how it writes JSON, with Prettier's defaults. */
const SUPPORTED = { printWidth: 80, tabWidth: 2, useTabs: false, bracketSpacing: true, objectWrap: "preserve" };
/** Options that say which file is formatted or how Prettier found its configuration, not how JSON is written. */
const PASSIVE = new Set(["filepath", "parser", "endOfLine", "$schema"]);

/** Prettier's `printNumber`: lower case, no needless exponent sign, zeroes or trailing dot. */
const printNumber = (raw: string) =>
  raw
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(?=\d)/, "$1$2")
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, "$1")
    .replace(/^([+-])?\./, "$10.")
    .replace(/(\.\d+?)0+(?=e|$)/, "$1")
    .replace(/\.(?=e|$)/, "");

/** Prettier's `isNextLineEmpty` for JSON (no comments): the rest of the line holds only `,` and blanks, then a blank line. */
function isNextLineEmpty(text: string, index: number): boolean {
  let i = index;
  while (i < text.length && ",; \t".includes(text[i])) i++;
  if (text[i] === "\r" && text[i + 1] === "\n") i += 2;
  else if (text[i] === "\n" || text[i] === "\r") i++;
  else return false;
  while (i < text.length && " \t".includes(text[i])) i++;
  return text[i] === "\n" || text[i] === "\r";
}

/** Prettier's blank-line test after an array item: from its end up to the comma that follows it. */
const isNextLineEmptyAfterItem = (text: string, node: Node) => {
  const comma = text.indexOf(",", node.offset + node.length);
  return comma !== -1 && isNextLineEmpty(text, comma);
};

const end = (node: Node) => node.offset + node.length;

/**
 * The Doc that Prettier's JavaScript printer builds for JSON (parser "json"), from jsonc-parser's tree: objects stay
 * expanded when the text has a newline between `{` and the first key (objectWrap "preserve"), arrays of several
 * objects or arrays of more than one entry always break, arrays of numbers fill lines, one blank line between
 * entries is kept, strings and keys are kept as written, numbers are normalised.
 */
function toDoc(node: Node, text: string, options: typeof SUPPORTED): Doc {
  switch (node.type) {
    case "object": {
      const properties = node.children ?? [];
      if (properties.length === 0) return "{}";
      const parts: Doc[] = [];
      properties.forEach((property, i) => {
        const [key, value] = property.children!;
        parts.push(group([group(text.slice(key.offset, end(key))), ":", " ", toDoc(value, text, options)]));
        if (i < properties.length - 1)
          parts.push(",", line, ...(isNextLineEmpty(text, end(property)) ? [hardline] : []));
      });
      const shouldBreak =
        options.objectWrap === "preserve" && /[\n\r]/.test(text.slice(node.offset, properties[0].offset));
      const spacing = options.bracketSpacing ? line : softline;
      return group(["{", indent([spacing, ...parts]), spacing, "}"], { shouldBreak });
    }
    case "array": {
      const items = node.children ?? [];
      if (items.length === 0) return "[]";
      const shouldBreak =
        items.length > 1 &&
        items.every(
          (item, i) =>
            (item.type === "object" || item.type === "array") &&
            (i === items.length - 1 || items[i + 1].type === item.type) &&
            (item.children?.length ?? 0) > 1,
        );
      const concise = items.every((item) => item.type === "number");
      const parts: Doc[] = [];
      items.forEach((item, i) => {
        const last = i === items.length - 1;
        const blankAfter = !last && isNextLineEmptyAfterItem(text, item);
        if (concise) {
          parts.push([toDoc(item, text, options), last ? "" : ","]);
          if (!last) parts.push(blankAfter ? [hardline, hardline] : line);
        } else {
          parts.push(group(toDoc(item, text, options)));
          if (!last) parts.push([",", line, blankAfter ? softline : ""]);
        }
      });
      return group(["[", indent([softline, concise ? fill(parts) : parts]), softline, "]"], { shouldBreak });
    }
    case "number": {
      const raw = text.slice(node.offset, end(node));
      return raw.startsWith("-") ? ["-", printNumber(raw.slice(1))] : printNumber(raw);
    }
    default:
      // Strings are kept as written (Prettier keeps a JSON string's escapes), like true, false and null.
      return text.slice(node.offset, end(node));
  }
}

/**
 * `text` as Prettier writes a JSON file with `options`, without Prettier's parser and AST printer: the same Doc,
 * printed by Prettier's own Doc printer, in a fraction of the time (`npm run migrate` formats thousands of blocks).
 * Undefined for what it does not cover (comments, invalid JSON, a line ending other than "\n", an option it does
 * not know): the caller formats those with Prettier. tests/format-json.test.ts proves it writes what Prettier writes.
 */
export function formatJson(text: string, options: prettier.Options): string | undefined {
  const known: Record<string, unknown> = { ...SUPPORTED };
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined || PASSIVE.has(name)) continue;
    if (!(name in SUPPORTED)) return undefined;
    known[name] = value;
  }
  if (options.endOfLine !== undefined && options.endOfLine !== "lf") return undefined;
  if (options.parser !== undefined && options.parser !== "json") return undefined;
  // Prettier writes these files with another printer ("json-stringify").
  if (options.filepath !== undefined && !/(?<!(^|\/)(package|package-lock|composer))\.json$/.test(options.filepath))
    return undefined;
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (!tree || errors.length > 0) return undefined;
  const resolved = known as typeof SUPPORTED;
  const doc = [toDoc(tree, text, resolved), hardline];
  return printer.printDocToString(doc, { ...resolved, endOfLine: "lf" } as Parameters<
    typeof printer.printDocToString
  >[1]).formatted;
}

/** `text` formatted as Prettier writes it with `options`: by formatJson where it applies, by Prettier otherwise. */
export async function formatJsonFile(text: string, options: prettier.Options): Promise<string> {
  return formatJson(text, options) ?? (await prettier.format(text, options));
}
