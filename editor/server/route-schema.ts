import type { FastifyTypeProvider } from "fastify";

/**
 * What a route of the editor's servers takes, as JSON Schema (validated by Fastify's own ajv before its handler runs),
 * and the types its handler reads, derived from the same schema: the schema is the one hand-written contract.
 */

/** A field's own refusal: the code of a catalogue entry (no parameters, a 4xx status) answered when the field is wrong. */
interface Refusing {
  refusal?: string;
  description?: string;
}

export interface TextSchema extends Refusing {
  type: "string";
  /** Every text a route takes has a bound: a longer one is refused before the handler runs. */
  maxLength: number;
  minLength?: number;
  /** Required with a pattern: a value it takes, which tests and the route reference show. */
  pattern?: string;
  examples?: readonly string[];
  enum?: readonly string[];
}
export interface IntegerSchema extends Refusing {
  type: "integer";
  minimum?: number;
  maximum?: number;
}
/** A number with a fractional part allowed (a focal point's fraction of a picture's width), within its bounds. */
export interface NumberSchema extends Refusing {
  type: "number";
  minimum?: number;
  maximum?: number;
  /** A bound the value must stay above, never reach (a crop's width: more than 0). */
  exclusiveMinimum?: number;
}
export interface BooleanSchema extends Refusing {
  type: "boolean";
}
/** A value the route passes on whole (a page's document): any JSON object, bounded by the body's size only. */
export interface DocumentSchema extends Refusing {
  type: "object";
  properties?: undefined;
  additionalProperties?: true | InputSchema;
  maxProperties?: number;
}
export interface ObjectSchema extends Refusing {
  type: "object";
  properties: Readonly<Record<string, InputSchema>>;
  required: readonly string[];
  /** Every field a route takes is named: any other is refused. */
  additionalProperties: false;
  minProperties?: number;
}
export type InputSchema = TextSchema | IntegerSchema | NumberSchema | BooleanSchema | DocumentSchema | ObjectSchema;

/** The type a handler reads for a schema. */
export type FromSchema<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: "string" }
    ? string
    : S extends { type: "integer" | "number" }
      ? number
      : S extends { type: "boolean" }
        ? boolean
        : S extends { type: "object"; properties: infer P; required: readonly (infer R)[] }
          ? Flat<{ [K in keyof P & R]: FromSchema<P[K]> } & { [K in Exclude<keyof P, R>]?: FromSchema<P[K]> }>
          : S extends { type: "object"; additionalProperties: infer A extends InputSchema }
            ? Record<string, FromSchema<A>>
            : S extends { type: "object" }
              ? Record<string, unknown>
              : unknown;
type Flat<T> = { [K in keyof T]: T[K] };

/** Fastify's type provider for these schemas: `request.body` and `request.query` typed from the route's own. */
export interface InputTypes extends FastifyTypeProvider {
  validator: this["schema"] extends InputSchema ? FromSchema<this["schema"]> : unknown;
  serializer: this["schema"] extends InputSchema ? FromSchema<this["schema"]> : unknown;
}

/** A text field of at most `maxLength` characters. */
export const text = <const O extends Omit<TextSchema, "type" | "maxLength">>(
  maxLength: number,
  description: string,
  more: O = {} as O,
) => ({ type: "string", maxLength, description, ...more }) as const;

/** A number from `minimum` to `maximum` (or above `exclusiveMinimum`), its fractional part allowed. */
export const number = <const O extends Omit<NumberSchema, "type" | "description">>(description: string, more: O) =>
  ({ type: "number", description, ...more }) as const;

/** The fields a route takes, those in `required` always; no other. */
export const fields = <const P extends Record<string, InputSchema>, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
  more: Omit<ObjectSchema, "type" | "properties" | "required" | "additionalProperties"> = {},
) => ({ type: "object", properties, required, additionalProperties: false, ...more }) as const;

/** A query or body that takes nothing. */
export const NOTHING = fields({}, []);

/** A path in the project, as the tab names a file (site-config/pages/…, public/media/…). */
export const FILE = text(500, "The file, from the project's folder: `site-config/pages/…`");

/** A review request's number on the forge, as a body names it (GitHub's and GitLab's are positive 32-bit). */
export const REQUEST_NUMBER = {
  type: "integer",
  minimum: 1,
  maximum: 2 ** 31,
  description: "The review request's number on the forge",
} as const;

/**
 * The catalogue entry a wrong value answers with: the nearest field's own on the way from the input's root to the
 * value (`path`, JSON Pointer segments), if any.
 */
export function refusalAt(schema: InputSchema | undefined, path: readonly string[]): string | undefined {
  let at: InputSchema | undefined = schema;
  let found = at?.refusal;
  for (const segment of path) {
    if (at?.type !== "object") break;
    const next = at.properties?.[segment] ?? at.additionalProperties;
    if (typeof next !== "object") break;
    at = next;
    found = at.refusal ?? found;
  }
  return found;
}
