import type { FastifyReply, FastifyRequest } from "fastify";
import { type AnyEntry, type CatalogueEntry, CatalogueError } from "./errors.ts";

/** What an entry that names no status is answered with: the server failed, whatever the request. */
const SERVER_FAILED = 500;

/** The HTTP status a server answers an entry with: the one its catalogue entry names. */
export const statusOf = (entry: AnyEntry): number => entry.status ?? SERVER_FAILED;

/** An error Fastify or one of its plugins raised before a route's handler ran (its code, its HTTP status). */
export interface FrameworkError {
  code?: string;
  statusCode?: number;
}

/** How one server words its refusals; the lead API and the page editor each give theirs. */
export interface RefusalWords {
  /** The entry for an error Fastify raised itself (a body too large or unreadable), if the server answers it. */
  fromFramework: (error: FrameworkError, request: FastifyRequest) => CatalogueEntry | undefined;
  /** The entry for anything else: a failure of the server, told to `log` first. */
  failed: CatalogueEntry;
  log: (error: unknown, request: FastifyRequest) => void;
  /** The answer's body around the refusal's words: each server keeps its own wire shape. */
  body: (refusal: CatalogueError) => unknown;
}

const isFrameworkError = (error: unknown): error is FrameworkError =>
  typeof error === "object" && error !== null && ("statusCode" in error || "code" in error);

const asRefusal = (entry: CatalogueEntry) => new CatalogueError(entry, entry.message);

/**
 * The refusal an error is answered with, the same way on both servers: a catalogue refusal whose entry names a status
 * as it is, Fastify's own errors as the server's entries, and anything else as the server's failure.
 */
export function refusalOf(error: unknown, request: FastifyRequest, words: RefusalWords): CatalogueError {
  if (error instanceof CatalogueError && error.entry.status !== undefined) return error;
  const entry = isFrameworkError(error) ? words.fromFramework(error, request) : undefined;
  if (entry) return asRefusal(entry);
  words.log(error, request);
  return asRefusal(words.failed);
}

/** The answer to a refusal: the status its entry names, the body the server words it in. */
export const sendRefusal = (reply: FastifyReply, refusal: CatalogueError, words: Pick<RefusalWords, "body">) =>
  reply.code(statusOf(refusal.entry)).send(words.body(refusal));

/** A Fastify error handler answering every error with `refusalOf`. */
export const refusalHandler = (words: RefusalWords) => (error: unknown, request: FastifyRequest, reply: FastifyReply) =>
  sendRefusal(reply, refusalOf(error, request, words), words);
