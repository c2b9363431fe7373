import { CatalogueError, formatCatalogueError } from "../contract/errors.ts";

/** Prints a catalogue error the way every command does, and exits with failure. */
export function exitWith(error: CatalogueError): never {
  console.error(formatCatalogueError(error));
  process.exit(1);
}

/**
 * Ends a command that failed: a catalogue error printed as every command prints one, anything else (not a problem a
 * user can fix, so the stack helps whoever reports it) as Node prints it.
 */
export function exitOnError(error: unknown): never {
  if (error instanceof CatalogueError) exitWith(error);
  console.error(error);
  process.exit(1);
}
