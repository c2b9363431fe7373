import type { FastifyReply } from "fastify";
import { CatalogueError, messageOf, type AnyEntry, type ArgsOf } from "../../contract/errors.ts";
import { statusOf } from "../../contract/refusals.server.ts";
import { refusalBody } from "../server/refusals.ts";

/** A sign-in, session or role refusal: a catalogue entry, answered with the status the catalogue names for it. */
export class TeamRefusal extends CatalogueError {}

export function refusal<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): TeamRefusal {
  return new TeamRefusal(entry, messageOf(entry, ...args));
}

/** What a browser is answered: the editor's refusal (code, title, message and fix), never more. */
export const sendRefusal = (reply: FastifyReply, error: TeamRefusal) =>
  reply.code(statusOf(error.entry)).header("cache-control", "no-store").send(refusalBody(error));
