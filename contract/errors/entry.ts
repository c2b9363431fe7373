/** The catalogue's machinery: the shape of an entry, the helpers that write messages, and how they are printed. */
/**
 * What a message tells: a problem to fix (the default), a command's result (printed after a ✔), or information while
 * a command runs (usage, progress, figures, next steps), printed as it is.
 */
export type MessageKind = "problem" | "success" | "info";

export interface CatalogueEntry<P = void> {
  code: string;
  title: string;
  message: P extends void ? string : (params: P) => string;
  /** What to do: the fix of a problem, or the next step after a result or a piece of information. */
  hint: string;
  kind?: MessageKind;
  /**
   * The HTTP status a server (the lead API, the page editor) answers with this entry; only entries a server sends
   * have one. It travels in the answer's status line, never in its body (see `entry`).
   */
  status?: number;
}

/**
 * An entry of the catalogue. Its HTTP status is not one of its words: a server sends an entry's code, title, message
 * and hint as JSON and the status in the answer's status line, so the status is left out of what JSON.stringify (and
 * a comparison of an answer with its entry) sees.
 */
export const entry = <P = void>(e: CatalogueEntry<P>) =>
  e.status === undefined ? e : Object.defineProperty(e, "status", { value: e.status, enumerable: false });

export const didYouMean = (guess: string | undefined, fallback: string) =>
  guess ? ` — did you mean '${guess}'?` : fallback;
export const quoteAll = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(", ");

/*
 * What the commands print when all goes well, or while they run: results (`kind: "success"`, printed after a ✔) and
 * information (`kind: "info"`: usage, progress, figures, next steps). Each group sits in the catalogue beside the
 * problems of the same command. Tables of figures (budgets, benchmarks) are data: their rows are not catalogued.
 */
export const success = <P = void>(e: Omit<CatalogueEntry<P>, "kind">) => entry<P>({ ...e, kind: "success" });
export const info = <P = void>(e: Omit<CatalogueEntry<P>, "kind">) => entry<P>({ ...e, kind: "info" });

/** An entry without parameters, as the editor sends it to its tab. */
export type EditorError = CatalogueEntry;

/** Any catalogue entry, whatever its parameters. */
export interface AnyEntry {
  code: string;
  title: string;
  message: string | ((params: never) => string);
  hint: string;
  kind?: MessageKind;
  status?: number;
}

/** The kind of an entry: a problem unless it says otherwise. */
export const kindOf = (entry: AnyEntry): MessageKind => entry.kind ?? "problem";

/** The arguments an entry's message takes: none, or its parameters. */
export type ArgsOf<E extends AnyEntry> = E["message"] extends (params: infer P) => string ? [params: P] : [];

/** The message of an entry, with its parameters. */
export function messageOf<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): string {
  const message = entry.message as string | ((params: unknown) => string);
  return typeof message === "function" ? message(args[0]) : message;
}

/** Names written in lower case wherever they stand, even at the start of a sentence: tools and commands. */
const LOWER_CASE_NAMES = new Set(["nginx", "haproxy", "fsync", "npm", "npx", "git", "tsx", "node", "vitest"]);

/**
 * A message as a sentence, for prose that goes on after a title and with the hint ("Title. Message. Hint."): the
 * catalogue writes messages as a command prints them after its code, on a line of their own, in lower case and
 * without a final stop. The first word is capitalised when it is a word of prose, not a path, a quoted value or a
 * tool's name.
 */
export const asSentence = (message: string): string => {
  const first = /^[a-z][a-z-]*(?=[\s,;:—]|$)/.exec(message)?.[0];
  const capitalised =
    first && !LOWER_CASE_NAMES.has(first) ? `${message.charAt(0).toUpperCase()}${message.slice(1)}` : message;
  return /[.!?…:]$/.test(capitalised) ? capitalised : `${capitalised}.`;
};

/** An error carrying its catalogue code and hint, for the commands that print it and the tests that check the code. */
export class CatalogueError extends Error {
  readonly code: string;
  readonly hint: string;
  declare readonly entry: AnyEntry;
  constructor(
    entry: AnyEntry,
    message: string,
    /** What a server's answer carries beside the entry's words: the problems found, what was done before it. */
    readonly detail: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "CatalogueError";
    this.code = entry.code;
    this.hint = entry.hint;
    // Not enumerable: an error printed whole (by a tool that logs errors as objects) shows its code and hint, not the
    // entry's functions.
    Object.defineProperty(this, "entry", { value: entry, enumerable: false });
  }
}

/** Builds a CatalogueError from an entry and its parameters. */
export function catalogueError<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): CatalogueError {
  return new CatalogueError(entry, messageOf(entry, ...args));
}

/** How a command prints a catalogue error: the code first, then the message, then what to do. */
export const formatCatalogueError = (error: CatalogueError) => `✖ ${error.code} ${error.message}\n  ${error.hint}`;

/** How a command prints a line that is not a problem: a result after a ✔, information as it is. */
export function formatNotice<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): string {
  const text = messageOf(entry, ...args);
  return kindOf(entry) === "success" ? `✔ ${text}` : text;
}

/** One line for logs and the CLI: `CODE: message (detail). hint` */
export function describeError(entry: CatalogueEntry, detail?: string): string {
  return `${entry.code}: ${entry.message}${detail ? ` (${detail})` : ""}. ${entry.hint}`;
}
