import type { ErrorObject, ValidateFunction } from "ajv";
import type { MarkedReference, Validators } from "./schemas.server.ts";

/** The kinds of content file, by the name of the validator each is checked with. */
export type CheckedKind = {
  [K in keyof Validators]: Validators[K] extends ValidateFunction ? K : never;
}[keyof Validators];

/** A file's value checked against its kind's schema, which filled in its defaults. */
export interface Checked {
  value: unknown;
  /** What the schema found wrong: none when it is valid. */
  errors: readonly ErrorObject[];
  /** The links, assets and icons the schema marked (`siteRef`), once per place. */
  references: readonly MarkedReference[];
}

/**
 * The files checked by each set of validators, by kind and file, with the text each was checked as. The content loader
 * and the validation both check every page: a build loads the content and then validates it, and checking each page
 * twice took a third of a one-page build at 10,000 pages. A process that validates again and again (the dev server on
 * each save, the editor on each pause of typing) checks again only the files whose text changed. Kept on globalThis, as
 * the validators are (process-cache.ts).
 */
const CHECKED = Symbol.for("voxa-site.checked-files");
const checkedBy = ((globalThis as { [key: symbol]: unknown })[CHECKED] ??= new WeakMap()) as WeakMap<
  Validators,
  Map<string, { text: string; checked: Checked }>
>;

/** The check of `file` as kept for this text, or undefined when it was not checked as it reads now. */
export function keptCheck(validators: Validators, kind: CheckedKind, file: string, text: string): Checked | undefined {
  const kept = checkedBy.get(validators)?.get(`${kind} ${file}`);
  return kept?.text === text ? kept.checked : undefined;
}

/**
 * Checks `value`, parsed from `text`, against the schema of its kind, filling in its defaults, and keeps the result for
 * the next reader of the same text. The value is the reader's own no more: whoever reads it next gets the same object,
 * and none of them changes it.
 */
export function check(validators: Validators, kind: CheckedKind, file: string, text: string, value: unknown): Checked {
  let checked = checkedBy.get(validators);
  if (!checked) checkedBy.set(validators, (checked = new Map()));
  const validate = validators[kind];
  const valid = validate(value);
  // A value is met once per schema branch that reads it: one report per place is enough.
  const references = [...new Map(validators.references().map((r) => [r.pointer, r])).values()];
  const result = { value, errors: valid ? [] : (validate.errors ?? []), references };
  checked.set(`${kind} ${file}`, { text, checked: result });
  return result;
}

/** The check of `file` for this text: as kept, or parsed and checked now (JSON.parse's error when it is not JSON). */
export const checkedText = (validators: Validators, kind: CheckedKind, file: string, text: string): Checked =>
  keptCheck(validators, kind, file, text) ?? check(validators, kind, file, text, JSON.parse(text));
