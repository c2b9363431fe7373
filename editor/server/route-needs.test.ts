// @vitest-environment node
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { CatalogueError, editorErrors, messageOf } from "../../contract/errors.ts";
import { editorInstance } from "./app.ts";
import { NOTHING, fields, text } from "./route-schema.ts";

/** What a route of the editor's server must declare for the server to start, and what the declarations give. */

const refusedStart = async (register: (app: FastifyInstance) => void) => {
  const { app } = editorInstance();
  app.register(async (routes) => register(routes));
  const error = await app.ready().then(
    () => undefined,
    (reason: unknown) => reason,
  );
  await app.close().catch(() => undefined);
  return error;
};

describe("the routes' declarations", () => {
  it("refuses to start a server with a route that declares no role", async () => {
    const error = await refusedStart((app) =>
      app.get("/api/forgotten", { schema: { querystring: NOTHING } }, async () => ({})),
    );
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as CatalogueError).code).toBe("EDIT_UNDECLARED_ROUTE");
    expect((error as CatalogueError).message).toBe(
      "The route GET /api/forgotten does not declare the least role it needs (role), so the editor did not start",
    );
    expect((error as CatalogueError).hint).toBe(editorErrors.undeclaredRoute.hint);
  });

  it("refuses to start a server with a write that declares no body, or a route that declares no query", async () => {
    const write = await refusedStart((app) =>
      app.post("/api/loose", { config: { role: "author" }, schema: { querystring: NOTHING } }, async () => ({})),
    );
    expect((write as CatalogueError).message).toBe(
      messageOf(editorErrors.undeclaredRoute, {
        route: "POST /api/loose",
        missing: "its body's schema (schema.body)",
      }),
    );
    const read = await refusedStart((app) => app.get("/api/open", { config: { role: "viewer" } }, async () => ({})));
    expect((read as CatalogueError).message).toBe(
      messageOf(editorErrors.undeclaredRoute, {
        route: "GET /api/open",
        missing: "its query's schema (schema.querystring)",
      }),
    );
  });

  it("lists each route as it declares itself, and refuses its input in its own words", async () => {
    const { app, routes } = editorInstance();
    const body = fields({ file: text(20, "A file") }, ["file"]);
    app.post(
      "/api/declared",
      { config: { role: "author", audit: "save", lock: true, drafts: true }, schema: { body, querystring: NOTHING } },
      async () => ({ ok: true }),
    );
    await app.ready();
    expect(routes).toEqual([
      {
        method: "POST",
        url: "/api/declared",
        role: "author",
        audit: "save",
        lock: true,
        drafts: true,
        background: false,
        bytes: false,
        body,
        query: NOTHING,
      },
    ]);
    const sent = async (payload: string) => {
      const response = await app.inject({ method: "POST", url: "/api/declared", payload });
      return { status: response.statusCode, body: response.json() as unknown };
    };
    expect(await sent('{"file":"site.json"}')).toEqual({ status: 200, body: { ok: true } });
    const badInput = (problem: string) => ({
      status: 400,
      body: {
        error: {
          code: "EDIT_BAD_INPUT",
          title: "Request refused",
          message: `The editor did not act on this request: in its body, ${problem}. Nothing was written.`,
          hint: editorErrors.badInput.hint,
        },
      },
    });
    expect(await sent('{"file":["site.json"]}')).toEqual(badInput("'file' must be text"));
    expect(await sent("{}")).toEqual(badInput("'file' is missing"));
    expect(await sent(`{"file":"x","${"y".repeat(100)}":1}`)).toEqual(
      badInput(`'${"y".repeat(60)}…' is not a field this request takes`),
    );
    expect(await sent('{"file":"x","constructor":{"prototype":{"admin":true}}}')).toEqual({
      status: 400,
      body: { error: editorErrors.badRequest },
    });
    await app.close();
  });
});
