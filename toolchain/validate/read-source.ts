import fs from "node:fs";
import { type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { type Checked, check, keptCheck } from "../../contract/checked-files.server.ts";
import { readContentFile } from "../../contract/content.server.ts";
import { configErrors } from "../../contract/errors.ts";
import type { Validators } from "../../contract/schemas.server.ts";
import { spanOf } from "./positions.ts";
import { type Problem, described } from "./problems.ts";
import type { FileKind, SourceFile } from "./source-file.ts";

/** What reading needs, and what it gathers: the files read, and the syntax errors of those that are not JSON. */
export interface Reading {
  validators: Validators;
  /** Texts to check instead of what is on disk, by absolute file name. */
  overrides?: ReadonlyMap<string, string>;
  relative: (file: string) => string;
  sources: SourceFile[];
  problems: Problem[];
}

/**
 * A content file read as the content loader reads it: parsed, then validated against its kind's schema, which fills in
 * its defaults and marks its references. Undefined, with its syntax errors said, when it is not JSON.
 */
export function readSource(reading: Reading, file: string, kind: FileKind): SourceFile | undefined {
  const { validators, overrides, relative, problems, sources } = reading;
  const text = overrides?.get(file) ?? readContentFile(file) ?? fs.readFileSync(file, "utf8");
  const kept = keptCheck(validators, kind, file, text);
  if (kept) {
    const source = ownReferences(file, text, kind, kept);
    sources.push(source);
    return source;
  }
  const value = parsed(text);
  // The file's tree, which places a problem on its line, is built when a problem needs it (positions.ts): for most
  // files, never. The tree's parser, with these options, refuses what JSON.parse refuses, and says where.
  if (value instanceof SyntaxError) {
    const syntax = (problem: string) => described("", configErrors.syntax, { problem });
    // An empty file is said to be one: the parser's words for it ("a value was expected") sent the reader looking
    // for a trailing comma.
    if (text.trim() === "") {
      problems.push({ file: relative(file), ...spanOf(text, 0, 0), ...syntax("the file is empty") });
      return undefined;
    }
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    if (errors.length === 0) problems.push({ file: relative(file), ...spanOf(text, 0, 0), ...syntax(value.message) });
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
  const source = ownReferences(file, text, kind, check(validators, kind, file, text, value));
  sources.push(source);
  return source;
}

/**
 * A file as this reading has it, with a list of references of its own: placing its sections adds those their overrides
 * write (placing.ts), which the check kept for the next reading must not gather.
 */
const ownReferences = (file: string, text: string, kind: FileKind, checked: Checked): SourceFile => ({
  file,
  text,
  kind,
  value: checked.value,
  errors: checked.errors,
  references: [...checked.references],
});

/** The file's value, or JSON.parse's refusal. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof SyntaxError) return error;
    throw error;
  }
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
