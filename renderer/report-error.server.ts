import { CatalogueError, formatCatalogueError } from "../contract/errors.ts";

/**
 * How the renderer prints an error of a request (the dev server's, a prerendered page's): a catalogue error as its
 * lines alone (code, message, what to do), as the commands print it, for content that cannot be shown is the
 * author's to fix; any other error with its stack, which is what a developer has to go on.
 */
export function reportError(error: unknown, print: (value: unknown) => void = console.error): void {
  print(error instanceof CatalogueError ? formatCatalogueError(error) : error);
}
