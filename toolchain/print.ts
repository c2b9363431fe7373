import { type AnyEntry, type ArgsOf, formatNotice } from "../contract/errors.ts";

/** Prints a result or a piece of information of the catalogue on standard output. */
export function print<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): void {
  console.log(formatNotice(entry, ...args));
}

/**
 * Prints a result or a piece of information of the catalogue on standard error: for a command whose standard output
 * is data (an export), or for progress that must not mix with the report it precedes.
 */
export function printToStderr<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): void {
  console.error(formatNotice(entry, ...args));
}
