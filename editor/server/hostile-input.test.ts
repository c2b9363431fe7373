// @vitest-environment node
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER, EDITOR_VIEWS } from "../protocol.ts";
import { type AnyEntry, editorErrors, entryByCode, messageOf } from "../../contract/errors.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import type { TeamStore } from "../team/store.ts";
import { teamEditorOnOneCopy, tempStore, testClock } from "../../tests/support/editor/team/test-support.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";
import type { DeclaredRoute } from "./route-needs.ts";
import type { InputSchema, ObjectSchema } from "./route-schema.ts";

/**
 * Every route the team editor declares, sent what no tab sends: a value of the wrong type, a field it does not take, a
 * text longer than its bound, a field left out, a body that is not an object, `__proto__` and `constructor.prototype`
 * keys. The cases come from the routes' own schemas, so a new route is covered as it is declared. Each is answered
 * 400 in the catalogue's words (the field's own refusal where its schema names one) before the route's handler runs,
 * and nothing is written: not a file of the project, not a line of the audit log.
 */

const PUBLIC_URL = new URL("https://edit.company.com");
/**
 * The routes whose query is not theirs to close: the editor's pages (at each of its views' addresses, and the
 * preview's) and files, and the provider's answer.
 */
const OPEN_QUERIES = [
  ...[...Object.values(EDITOR_VIEWS), "/preview", "/*"].flatMap((url) => [`GET ${url}`, `HEAD ${url}`]),
  "GET /team/oidc/callback",
];

let project: ReturnType<typeof copyProject>;
let app: FastifyInstance;
let routes: readonly DeclaredRoute[];
let store: TeamStore;
let headers: Record<string, string>;
const clock = testClock();

beforeAll(async () => {
  project = copyProject();
  ({ store } = tempStore());
  const editor = await teamEditorOnOneCopy(project.dir, store, clock.now, PUBLIC_URL);
  ({ app, routes } = editor);
  await app.ready();
  // An admin, who may call every route: what is refused is the input, never the person.
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
  const id = await keeper.start("ada@company.com", "admin");
  const csrf = (await keeper.resume(id))!.csrfToken;
  headers = {
    host: PUBLIC_URL.host,
    origin: PUBLIC_URL.origin,
    cookie: `__Host-editor-session=${id}`,
    [EDITOR_TOKEN_HEADER]: csrf,
    "content-type": "application/json",
  };
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
  project?.remove();
});

/** Every file of the copy with its content's digest: what "nothing written" is checked against. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      out[path.relative(dir, file)] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    }
  return out;
}

/** A value the schema takes: its example, its first choice, or the simplest of its type. */
function valid(schema: InputSchema): unknown {
  switch (schema.type) {
    case "string":
      return schema.examples?.[0] ?? schema.enum?.[0] ?? "x";
    case "integer":
      return schema.minimum ?? 1;
    case "number":
      return schema.minimum ?? schema.maximum ?? 1;
    case "boolean":
      return true;
    case "object":
      if (schema.properties === undefined) return {};
      return Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([name]) => schema.required.includes(name) || schema.minProperties !== undefined)
          .map(([name, field]) => [name, valid(field)]),
      );
  }
}

/** A value of another type than the schema's. */
const wrongType = (schema: InputSchema): unknown =>
  schema.type === "string" ? 12345 : schema.type === "object" ? "text" : "text";

const TYPE_WORDS: Record<InputSchema["type"], string> = {
  string: "text",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  object: "an object",
};

interface Case {
  why: string;
  /** The body as sent (a string as it is), or the query's parameters. */
  body?: unknown;
  query?: Record<string, string>;
  /** The refusal: the field's own entry, or EDIT_BAD_INPUT with its words. */
  expected: AnyEntry | { place: string; problem: string };
}

const fieldsOf = (schema: InputSchema | undefined): schema is ObjectSchema =>
  schema?.type === "object" && schema.properties !== undefined;

/** The cases of a body or a query, from its schema. */
function casesOf(schema: ObjectSchema, place: "its body" | "its address's query"): Case[] {
  const base = valid(schema) as Record<string, unknown>;
  const own = (field?: InputSchema) => {
    const code = field?.refusal ?? schema.refusal;
    return code === undefined ? undefined : entryByCode(code);
  };
  const refusal = (field: InputSchema | undefined, problem: string) => own(field) ?? { place, problem };
  const cases: Case[] = [
    {
      why: "a field it does not take",
      body: { ...base, unexpected: "x" },
      expected: refusal(undefined, "'unexpected' is not a field this request takes"),
    },
  ];
  for (const [name, field] of Object.entries(schema.properties)) {
    if (place === "its body")
      cases.push({
        why: `'${name}' of the wrong type`,
        body: { ...base, [name]: wrongType(field) },
        expected: refusal(field, `'${name}' must be ${TYPE_WORDS[field.type]}`),
      });
    if (field.type === "string")
      cases.push({
        why: `'${name}' longer than its bound`,
        body: { ...base, [name]: "x".repeat(field.maxLength + 1) },
        expected: refusal(field, `'${name}' is longer than ${field.maxLength} characters`),
      });
    if (schema.required.includes(name)) {
      const { [name]: _left, ...rest } = base;
      cases.push({ why: `'${name}' left out`, body: rest, expected: refusal(field, `'${name}' is missing`) });
    }
  }
  if (place === "its address's query")
    return cases.map(({ body, ...rest }) => ({ ...rest, query: body as Record<string, string> }));
  const json = JSON.stringify(base).slice(1);
  const unreadable = editorErrors.badRequest;
  cases.push(
    { why: "a list, not an object", body: "[]", expected: unreadable },
    { why: "a __proto__ key", body: `{"__proto__":{"role":"admin"},${json}`, expected: unreadable },
    { why: "a constructor.prototype key", body: `{"constructor":{"prototype":{"x":1}},${json}`, expected: unreadable },
  );
  const [inner] = Object.entries(schema.properties).find(([, field]) => field.type === "object") ?? [];
  if (inner)
    cases.push({
      why: `a __proto__ key inside '${inner}'`,
      body: JSON.stringify({ ...base, [inner]: "PROTO" }).replace('"PROTO"', '{"__proto__":{"x":1}}'),
      expected: unreadable,
    });
  return cases;
}

const answerOf = (expected: Case["expected"]) =>
  "code" in expected
    ? { code: expected.code, title: expected.title, message: String(expected.message), hint: expected.hint }
    : {
        code: editorErrors.badInput.code,
        title: editorErrors.badInput.title,
        message: messageOf(editorErrors.badInput, expected),
        hint: editorErrors.badInput.hint,
      };

describe("every declared route, sent a hostile body or query", () => {
  it("closes every route's query but the pages', the files' and the provider's answer", () => {
    const open = routes.filter(({ query }) => !fieldsOf(query)).map(({ method, url }) => `${method} ${url}`);
    expect(open.sort()).toEqual([...OPEN_QUERIES].sort());
  });

  it("answers each 400 in the catalogue's words, before its handler runs, and writes nothing", async () => {
    const before = snapshot(project.dir);
    const audit = (await store.queryAudit({})).length;
    let sent = 0;
    for (const route of routes) {
      if (route.method === "HEAD") continue;
      const url = route.url.replace("*", "hostile.txt");
      const taken = {
        body: route.body && JSON.stringify(valid(route.body)),
        query: route.query && fieldsOf(route.query) ? (valid(route.query) as Record<string, string>) : {},
      };
      const cases = [
        ...(fieldsOf(route.body) ? casesOf(route.body, "its body") : []),
        ...(fieldsOf(route.query) ? casesOf(route.query, "its address's query") : []),
      ];
      for (const { why, body, query, expected } of cases) {
        const response = await app.inject({
          method: route.method as "POST",
          url,
          query: query ?? taken.query,
          headers,
          ...(route.method !== "GET" && {
            payload: body === undefined ? taken.body : typeof body === "string" ? body : JSON.stringify(body),
          }),
        });
        const name = `${route.method} ${route.url}`;
        expect({ name, why, status: response.statusCode, body: response.json() as unknown }).toEqual({
          name,
          why,
          status: 400,
          body: { error: answerOf(expected) },
        });
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(routes.length);
    expect(snapshot(project.dir)).toEqual(before);
    expect((await store.queryAudit({})).length).toBe(audit);
  });
});
