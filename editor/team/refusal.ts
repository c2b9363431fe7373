import type { FastifyReply } from "fastify";
import { CatalogueError, messageOf, type AnyEntry, type ArgsOf } from "../../contract/errors.ts";

/** A catalogue refusal with the HTTP status it is answered with. */
export class TeamRefusal extends CatalogueError {
  constructor(
    readonly statusCode: number,
    entry: AnyEntry,
    message: string,
  ) {
    super(entry, message);
  }
}

export function refusal<E extends AnyEntry>(statusCode: number, entry: E, ...args: ArgsOf<E>): TeamRefusal {
  return new TeamRefusal(statusCode, entry, messageOf(entry, ...args));
}

/** What a browser is answered: the code, the message and the fix, never more. */
export const sendRefusal = (reply: FastifyReply, error: TeamRefusal) =>
  reply
    .code(error.statusCode)
    .header("cache-control", "no-store")
    .send({ code: error.code, message: error.message, hint: error.hint });
