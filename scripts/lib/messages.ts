import type { ErrorObject } from "ajv";
import { closest } from "./levenshtein.ts";

/**
 * The catalogue of validation messages: every problem a marketer can meet, in plain English,
 * with a fix where one can be guessed. Tests pin these texts (tests/fixtures/).
 */
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

export const messages = {
  syntax: (code: string) => `invalid JSON: ${syntaxHints[code] ?? code}`,
  unknownBlockType: (type: string, known: readonly string[]) => {
    const guess = closest(type, known);
    return guess
      ? `unknown block type '${type}' — did you mean '${guess}'?`
      : `unknown block type '${type}' — known types: ${known.join(", ")}`;
  },
  missingBlockType: (known: readonly string[]) => `block has no 'type' — set it to one of: ${known.join(", ")}`,
  required: (property: string) => `missing required property '${property}'`,
  unknownProperty: (property: string, allowed: readonly string[]) => {
    const guess = closest(property, allowed);
    return guess
      ? `unknown property '${property}' — did you mean '${guess}'?`
      : `unknown property '${property}' — allowed here: ${allowed.join(", ")}`;
  },
  notAllowedValue: (value: unknown, allowed: readonly unknown[]) => {
    const guess = typeof value === "string" ? closest(value, allowed.map(String)) : undefined;
    return guess
      ? `${JSON.stringify(value)} is not allowed — did you mean '${guess}'?`
      : `${JSON.stringify(value)} is not allowed — use one of: ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
  },
  tooLong: (length: number, max: number) => `text is too long: ${length} characters, at most ${max} allowed`,
  tooShort: (length: number, min: number) =>
    min === 1 ? "must not be empty" : `text is too short: ${length} characters, at least ${min} needed`,
  badLink: (value: string) =>
    `'${value}' is not an allowed link — use a site path ('/contact'), an anchor ('#fnol'), or an https:, http:, mailto: or tel: address`,
  badPattern: (value: string, description: string | undefined) =>
    `'${value}' is not in the expected form${description ? ` — ${description}` : ""}`,
  wrongType: (expected: string) => `must be ${/^[aeiou]/.test(expected) ? "an" : "a"} ${expected}`,
  tooFewItems: (min: number) => `needs at least ${min} item${min === 1 ? "" : "s"}`,
  tooManyItems: (count: number, max: number) => `has ${count} items, at most ${max} allowed`,
  outOfRange: (value: number, bound: string, limit: number) => `${value} must be ${bound} ${limit}`,
  badFormat: (value: unknown, format: string) =>
    `${JSON.stringify(value)} is not a valid ${format === "email" ? "e-mail address" : format}`,
  brokenLink: (href: string, paths: readonly string[]) => {
    const guess = closest(href, paths);
    return `link '${href}' points to no page${guess ? ` — did you mean '${guess}'?` : ""}`;
  },
  brokenAnchor: (href: string, page: string, ids: readonly string[]) => {
    const anchor = href.slice(href.indexOf("#") + 1);
    const guess = closest(anchor, ids);
    return ids.length === 0
      ? `link '${href}' points to anchor '#${anchor}', but page '${page}' has no block with an 'id'`
      : `link '${href}' points to anchor '#${anchor}', which no block on '${page}' has${guess ? ` — did you mean '#${guess}'?` : ` — ids there: ${ids.join(", ")}`}`;
  },
  duplicatePath: (path: string, other: string) =>
    `path '${path}' is already used by ${other} — every page needs its own path`,
  duplicateId: (id: string) => `block id '${id}' is used twice on this page — ids must be unique within a page`,
  protocolRelative: (value: string) =>
    `'${value}' is a protocol-relative link, which the site does not allow — write 'https:${value.replace(/^[/\\]{2}/, "//")}' for another site, or a path with one leading '/' for a page or file of this site`,
  dotSegment: (value: string, resolved: string) =>
    `'${value}' has a '.' or '..' segment, which the browser resolves: it would request '${resolved}' — write the path without '.' or '..', from the root of the site (a file in public/media/ is '/media/…')`,
  missingAsset: (src: string) => `file '${src}' does not exist under public/ — add it or fix the path`,
  mustEndWithCallToAction: () =>
    "the last block must be a 'call-to-action' block — every page ends with the shared call to action",
  schemaMismatch: (path: string) => `'$schema' should be '${path}', so editors can validate this file`,
  generic: (error: ErrorObject) => error.message ?? "is invalid",
} as const;
