import { CatalogueError, messageOf, type AnyEntry, type ArgsOf } from "../../contract/errors.ts";

/**
 * A sign-in, session or role refusal: a catalogue entry, thrown and answered by the editor's error handler (its
 * code, title, message and fix, never more) with the status the catalogue names for it.
 */
export class TeamRefusal extends CatalogueError {}

export function refusal<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): TeamRefusal {
  return new TeamRefusal(entry, messageOf(entry, ...args));
}
