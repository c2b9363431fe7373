import { CatalogueError } from "../../contract/errors.ts";

/** The catalogue error that `run` throws; any other outcome fails the test. */
export function catalogueErrorOf(run: () => unknown): CatalogueError {
  try {
    run();
  } catch (error) {
    if (error instanceof CatalogueError) return error;
    throw error;
  }
  throw new Error("expected a catalogue error, but nothing was thrown");
}
