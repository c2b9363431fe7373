import type { Plugin } from "ajv";
import type { FastifyInstance, FastifySchemaValidationError, FastifyServerOptions, RouteOptions } from "fastify";
import { type CatalogueError, catalogueError, editorErrors, entryByCode } from "../../contract/errors.ts";
import type { Role } from "../team/roles.ts";
import type { AuditAction } from "../team/store.ts";
import { READS } from "./guards.ts";
import { refused } from "./refusals.ts";
import { type InputSchema, refusalAt } from "./route-schema.ts";

/** Where a request's input was refused: its body, its query, its address's parameters or its headers. */
type SchemaErrorDataVar = "body" | "querystring" | "params" | "headers";

/** Who may call a route of the team editor: a signed-in person of at least this role, or anyone (signing in). */
export type RouteRole = Role | "anyone";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The least role a person needs to call the route in the team editor; "anyone" for signing in. Every route
     * declares one: a route without it stops the server from starting.
     */
    role?: RouteRole;
    /** The audit log's action for a person's write through the route, recorded with the `file` its body names. */
    audit?: AuditAction;
    /** The route writes the page its body's `file` names: the page's editing lock refuses it to all but its holder. */
    lock?: boolean;
    /** The route changes files of the person's copy: what it holds unpublished is kept as their drafts after it. */
    drafts?: boolean;
    /**
     * The tab calls it by itself (a lock's heartbeat, the presence stream): it is not a person's activity, so it
     * keeps no session from its idle timeout.
     */
    background?: boolean;
    /** One of the editor's pages, which sends a browser without a session to sign in rather than answering JSON. */
    editorPage?: boolean;
  }
}

/** What a route declares: how it is called, who may call it, what it takes and what it does besides answering. */
export interface DeclaredRoute {
  method: string;
  url: string;
  role: RouteRole;
  audit?: AuditAction;
  lock: boolean;
  drafts: boolean;
  background: boolean;
  /** The route takes an upload's bytes rather than JSON. */
  bytes: boolean;
  body?: InputSchema;
  query?: InputSchema;
}

/** How a refusal names where the wrong value was. */
const PLACES: Record<SchemaErrorDataVar, string> = {
  body: "its body",
  querystring: "its address's query",
  params: "its address",
  headers: "its headers",
};

const TYPES: Record<string, string> = {
  string: "text",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
};

/** A field's name as the refusal shows it: cut short, as a hostile one can be of any length. */
const named = (segments: readonly string[]) => {
  const name = segments.join(".");
  return `'${name.length > 60 ? `${name.slice(0, 60)}…` : name}'`;
};

const segmentsOf = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));

/** What is wrong with a value, in words: the field, then what it must be. */
function problemOf(error: FastifySchemaValidationError, path: readonly string[]): string {
  const { keyword, params } = error;
  const field = named(path);
  switch (keyword) {
    case "required":
      return `${field} is missing`;
    case "additionalProperties":
      return `${field} is not a field this request takes`;
    case "type":
      return `${field} must be ${TYPES[String(params.type)] ?? String(params.type)}`;
    case "maxLength":
      return `${field} is longer than ${String(params.limit)} characters`;
    case "minLength":
      return `${field} is empty`;
    case "enum":
      return `${field} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "pattern":
      return `${field} is not in the form this request takes`;
    case "minimum":
    case "maximum":
      return `${field} must be a number ${keyword === "minimum" ? "from" : "up to"} ${String(params.limit)}`;
    case "exclusiveMinimum":
      return `${field} must be a number above ${String(params.limit)}`;
    default:
      return `${field} ${error.message ?? "is not what this request takes"}`;
  }
}

/**
 * The refusal of a request whose input its route's schema refuses: the field's own catalogue entry where the schema
 * names one, a body that is not an object as unreadable, anything else as EDIT_BAD_INPUT with the field and its fault.
 */
export function inputRefusal(
  schemas: Partial<Record<SchemaErrorDataVar, InputSchema>>,
  errors: readonly FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): CatalogueError {
  const [error] = errors;
  if (!error) return refused(editorErrors.badRequest);
  const at = segmentsOf(error.instancePath);
  const path =
    error.keyword === "required"
      ? [...at, String(error.params.missingProperty)]
      : error.keyword === "additionalProperties"
        ? [...at, String(error.params.additionalProperty)]
        : at;
  if (dataVar === "body" && at.length === 0 && error.keyword === "type") return refused(editorErrors.badRequest);
  // An extra field is nobody's own: the nearest refusal is the object's that holds it.
  const own = refusalAt(schemas[dataVar], error.keyword === "additionalProperties" ? at : path);
  const entry = own === undefined ? undefined : entryByCode(own);
  if (entry && typeof entry.message === "string") return refused(entry as typeof editorErrors.badRequest);
  return catalogueError(editorErrors.badInput, { place: PLACES[dataVar], problem: problemOf(error, path) });
}

/**
 * Reads what every route declares, as it is registered: a route without a role, or a write without its body's
 * schema, stops the server from starting. Each route's input refusals are worded from its own schemas. Answers the
 * table of every declared route, which the route tests and the generated route reference read.
 *
 * Registered before any route, so that it sees them all.
 */
export function declareRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  const table: DeclaredRoute[] = [];
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = [route.method].flat();
    const config = route.config ?? {};
    const schema = (route.schema ?? {}) as { body?: InputSchema; querystring?: InputSchema };
    const name = `${methods.join(",")} ${route.url}`;
    if (config.role === undefined)
      throw catalogueError(editorErrors.undeclaredRoute, { route: name, missing: "the least role it needs (role)" });
    const writes = methods.some((method) => !READS.has(method));
    if (writes && !config.bytes && schema.body === undefined)
      throw catalogueError(editorErrors.undeclaredRoute, { route: name, missing: "its body's schema (schema.body)" });
    if (schema.querystring === undefined)
      throw catalogueError(editorErrors.undeclaredRoute, {
        route: name,
        missing: "its query's schema (schema.querystring)",
      });
    const schemas = { body: schema.body, querystring: schema.querystring };
    route.schemaErrorFormatter = (errors, dataVar) => inputRefusal(schemas, errors, dataVar);
    for (const method of methods)
      table.push({
        method,
        url: route.url,
        role: config.role,
        ...(config.audit && { audit: config.audit }),
        lock: config.lock === true,
        drafts: config.drafts === true,
        background: config.background === true,
        bytes: config.bytes === true,
        ...(schema.body && { body: schema.body }),
        query: schema.querystring,
      });
  });
  return table;
}

const refusalKeyword: Plugin<unknown> = (ajv) => ajv.addKeyword("refusal");

/**
 * Fastify's ajv as the routes need it: a value of the wrong type is refused, not converted; a field no schema names is
 * refused, not dropped; `refusal` names a field's own catalogue entry.
 */
export const AJV_OPTIONS: FastifyServerOptions["ajv"] = {
  customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false },
  plugins: [refusalKeyword],
};
