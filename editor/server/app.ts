import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { describeChanges } from "../../toolchain/changes-in-words.ts";
import { guard } from "./guards.ts";
import { MAX_JSON_BYTES, readInput } from "./input.ts";
import { pageRoutes } from "./pages.ts";
import { type ProjectOf, openProject } from "./project.ts";
import { answerError, answerRefusals } from "./refusals.ts";
import { documentRoutes } from "./routes/documents.ts";
import { mediaRoutes } from "./routes/media.ts";
import { migrationRoutes } from "./routes/migrations.ts";
import { publishingRoutes } from "./routes/publishing.ts";
import { requestRoutes } from "./routes/requests.ts";
import { saveRoutes } from "./routes/saves.ts";
import { scaffoldRoutes } from "./routes/scaffolds.ts";
import { type TeamMode, authorOf, registerTeamMode, teamPageOptions, workspaceOf } from "./team-mode.ts";
import { noticeHooks } from "./team-notices.ts";

export interface EditorAppOptions {
  /** The folder holding site-config/, schemas/ and public/ (the repository, or a copy of it in tests). */
  projectDir: string;
  /** Where the GitHub or GitLab token and API address are read for review requests (process.env unless a test's). */
  env: NodeJS.ProcessEnv;
  /** The editor's built pages, when the caller already has them (`editorBundle()`); otherwise found or built on the first visit. */
  bundleDir?: string;
  /** The server's log (none unless given): the team editor's, whose serializers keep queries out of it. */
  logger?: FastifyServerOptions["logger"];
  /** The team editor: people sign in and have roles (editor/team/), in place of one person's run key. */
  team?: TeamMode;
}

/** A route as Fastify registered it: its methods and path. */
export interface EditorRoute {
  methods: string[];
  url: string;
}

export interface EditorApp {
  app: FastifyInstance;
  /** This run's key: the editor's page carries it, and every write must send it back (one person's editor only). */
  token: string;
  /** Every route the server answers, as Fastify registered them. */
  routes: readonly EditorRoute[];
}

/**
 * The editor's server, not yet listening: the guards (Host, then Origin and this run's key for writes) and the body's
 * limits as hooks in one place, then the routes, each module one concern, every refusal a catalogue one.
 */
export async function buildEditor(options: EditorAppOptions): Promise<EditorApp> {
  const project = await openProject(options.projectDir);
  const token = crypto.randomBytes(24).toString("hex");
  // HEAD is answered where it is declared (the pages) and nowhere else, as the API never answered it.
  // An address that does not decode is refused before any route or hook: in the catalogue's words all the same.
  const app = Fastify({
    bodyLimit: MAX_JSON_BYTES,
    exposeHeadRoutes: false,
    frameworkErrors: answerError,
    logger: options.logger ?? false,
  });
  const routes: EditorRoute[] = [];
  app.addHook("onRoute", ({ method, url }) => void routes.push({ methods: [method].flat(), url }));

  let origin = "";
  const originOf = () => (origin ||= `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  // Nothing the editor answers is to be kept: its files change under it. The bundle's and public/'s files, sent with
  // their own headers, say otherwise for themselves.
  app.addHook("onRequest", async (_request, reply) => void reply.header("cache-control", "no-store"));
  // The error handler first: the team editor's sign-in routes, registered next, answer refusals with it too.
  answerRefusals(app);
  if (options.team) await registerTeamMode(app, options.team);
  else guard(app, { origin: originOf, token });
  readInput(app);

  // One person's editor works on the checkout; the team editor on each signed-in person's own copy.
  const projectOf: ProjectOf = options.team ? workspaceOf : () => project;
  const notices = options.team?.notices && noticeHooks(options.team.notices);
  await app.register(documentRoutes(projectOf));
  await app.register(saveRoutes(projectOf));
  await app.register(mediaRoutes(projectOf));
  await app.register(scaffoldRoutes(projectOf));
  await app.register(migrationRoutes(projectOf));
  await app.register(
    publishingRoutes({
      projectDirOf: (request) => projectOf(request).projectDir,
      authorOf: options.team ? authorOf : undefined,
      env: options.env,
      // The block types are the editor's own code's, the same for every copy.
      describe: (before, after) => describeChanges(before, after, project.blocks),
      onRequested: notices?.onRequested,
    }),
  );
  await app.register(
    requestRoutes({
      projectDirOf: (request) => projectOf(request).projectDir,
      env: options.env,
      describe: (before, after) => describeChanges(before, after, project.blocks),
      emailOf: (request) => request.teamPerson?.email,
      mergeOwn: options.team?.mergeOwn ?? false,
      onAnswered: notices?.onAnswered,
    }),
  );
  const pageKey = options.team ? teamPageOptions : { token: () => token };
  await app.register(
    pageRoutes({ publicDirOf: (request) => projectOf(request).publicDir, bundleDir: options.bundleDir, ...pageKey }),
  );
  return { app, token, routes };
}
