import { type AnyEntry, type ArgsOf, messageOf } from "../../contract/errors.ts";
import { locate } from "./positions.ts";
import type { SourceFile } from "./source-file.ts";

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
export interface Described {
  pointer: string;
  code: string;
  message: string;
}

export const described = <E extends AnyEntry>(pointer: string, entry: E, ...args: ArgsOf<E>): Described => ({
  pointer,
  code: entry.code,
  message: messageOf(entry, ...args),
});

export type Report = <E extends AnyEntry>(source: SourceFile, pointer: string, entry: E, ...args: ArgsOf<E>) => void;

/** The problems one check finds, and the ways to add one, placed in its file. */
export interface Findings {
  problems: Problem[];
  report: Report;
  reportDescribed: (source: SourceFile, problem: Described) => void;
}

/** `relative` names a file as the problem shows it. */
export function findings(relative: (file: string) => string): Findings {
  const problems: Problem[] = [];
  const reportDescribed = (source: SourceFile, problem: Described) =>
    problems.push({ file: relative(source.file), ...locate(source, problem.pointer), ...problem });
  const report: Report = (source, pointer, entry, ...args) =>
    reportDescribed(source, described(pointer, entry, ...args));
  return { problems, report, reportDescribed };
}

/**
 * The problems by file and place, each once. At one place they keep the order they were found in, so the order of the
 * checks is part of what is reported.
 */
export function inReportOrder(problems: readonly Problem[]): Problem[] {
  // A path the schema refuses for its form is also refused by the link check, with the same message: report it once.
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.file}\u0000${p.pointer}\u0000${p.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return unique.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
