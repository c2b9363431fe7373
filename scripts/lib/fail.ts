import { type CatalogueError, formatCatalogueError } from "../../contract/errors.ts";

/** Prints a catalogue error the way every command does, and exits with failure. */
export function exitWith(error: CatalogueError): never {
  console.error(formatCatalogueError(error));
  process.exit(1);
}
