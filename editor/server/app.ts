import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { describeChanges } from "../../toolchain/changes-in-words.ts";
import { guard } from "./guards.ts";
import { MAX_JSON_BYTES, readJson } from "./input.ts";
import { pageRoutes } from "./pages.ts";
import { type ProjectOf, openProject } from "./project.ts";
import { answerError, answerRefusals } from "./refusals.ts";
import { AJV_OPTIONS, type DeclaredRoute, declareRoutes } from "./route-needs.ts";
import { documentRoutes } from "./routes/documents.ts";
import { mediaRoutes } from "./routes/media.ts";
import { mediaLibraryRoutes } from "./routes/media-library.ts";
import { migrationRoutes } from "./routes/migrations.ts";
import { mergeTexts } from "./merge-texts.ts";
import { publishingRoutes } from "./routes/publishing.ts";
import { requestRoutes } from "./routes/requests.ts";
import { saveRoutes } from "./routes/saves.ts";
import { scaffoldRoutes } from "./routes/scaffolds.ts";
import { scheduleRoutes } from "./routes/schedules.ts";
import { sectionRoutes } from "./routes/sections.ts";
import { sectionTranslationRoutes } from "./routes/section-translations.ts";
import { translationRoutes } from "./routes/translations.ts";
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
  /** Where the media library keeps what it makes of pictures (thumbnails, facts): the picture cache unless a test's. */
  imageCacheDir?: string;
}

export interface EditorApp {
  app: FastifyInstance;
  /** This run's key: the editor's page carries it, and every write must send it back (one person's editor only). */
  token: string;
  /** Every route the server answers, as each declares itself: method, address, least role, body and query. */
  routes: readonly DeclaredRoute[];
}

/**
 * A Fastify instance as every server of the editor is made: each route declaring what it needs, read before any is
 * registered; every body read as JSON, checked by the route's schema; every refusal in the catalogue's words.
 */
export function editorInstance(logger: FastifyServerOptions["logger"] = false) {
  // HEAD is answered where it is declared (the pages) and nowhere else, as the API never answered it.
  // An address that does not decode is refused before any route or hook: in the catalogue's words all the same.
  const app = Fastify({
    bodyLimit: MAX_JSON_BYTES,
    exposeHeadRoutes: false,
    frameworkErrors: answerError,
    logger,
    ajv: AJV_OPTIONS,
  });
  const routes = declareRoutes(app);
  answerRefusals(app);
  readJson(app);
  return { app, routes };
}

/**
 * The editor's server, not yet listening: the guards (Host, then Origin and this run's key for writes, or the team
 * editor's session and roles) as hooks in one place, then the routes, each module one concern, each route declaring
 * what it takes and needs (./route-needs.ts), every refusal a catalogue one.
 */
export async function buildEditor(options: EditorAppOptions): Promise<EditorApp> {
  const project = await openProject(options.projectDir);
  const token = crypto.randomBytes(24).toString("hex");
  const { app, routes } = editorInstance(options.logger);

  let origin = "";
  const originOf = () => (origin ||= `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  // Nothing the editor answers is to be kept: its files change under it. The bundle's and public/'s files, sent with
  // their own headers, say otherwise for themselves.
  app.addHook("onRequest", async (_request, reply) => void reply.header("cache-control", "no-store"));
  const teamEditor = options.team ? await registerTeamMode(app, options.team) : undefined;
  if (!options.team) guard(app, { origin: originOf, token });

  // One person's editor works on the checkout; the team editor on each signed-in person's own copy.
  const projectOf: ProjectOf = options.team ? workspaceOf : () => project;
  const notices = options.team?.notices && noticeHooks(options.team.notices);
  const pageKey = options.team ? teamPageOptions : { token: () => token };
  // The editor's own routes in a context of their own, which the team editor's hooks reach and its /team/ routes not.
  await app.register(async (editor) => {
    await teamEditor?.(editor);
    await editor.register(documentRoutes(projectOf));
    await editor.register(saveRoutes(projectOf));
    await editor.register(mediaRoutes(projectOf));
    await editor.register(mediaLibraryRoutes(projectOf, options.imageCacheDir));
    await editor.register(scaffoldRoutes(projectOf));
    await editor.register(translationRoutes(projectOf));
    await editor.register(migrationRoutes(projectOf));
    await editor.register(sectionRoutes(projectOf));
    await editor.register(sectionTranslationRoutes(projectOf));
    await editor.register(
      publishingRoutes({
        projectDirOf: (request) => projectOf(request).projectDir,
        authorOf: options.team ? authorOf : undefined,
        env: options.env,
        // The block types are the editor's own code's, the same for every copy.
        describe: (before, after) => describeChanges(before, after, project.blocks),
        onRequested: (request, requested) => {
          notices?.onRequested(request, requested);
          options.team?.previewPublished?.(requested.request.number);
        },
        mergeFile: (request, file, texts, choices) => mergeTexts(projectOf(request), file, texts, choices),
      }),
    );
    await editor.register(
      requestRoutes({
        projectDirOf: (request) => projectOf(request).projectDir,
        env: options.env,
        describe: (before, after) => describeChanges(before, after, project.blocks),
        emailOf: (request) => request.teamPerson?.email,
        mergeOwn: options.team?.mergeOwn ?? false,
        onAnswered: notices?.onAnswered,
      }),
    );
    if (options.team)
      await editor.register(
        scheduleRoutes({
          store: options.team.store,
          now: options.team.now ?? Date.now,
          projectDirOf: (request) => projectOf(request).projectDir,
          env: options.env,
          mergeOwn: options.team.mergeOwn ?? false,
          onChanged: options.team.scheduler && (() => options.team?.scheduler?.wake()),
        }),
      );
    await editor.register(
      pageRoutes({ publicDirOf: (request) => projectOf(request).publicDir, bundleDir: options.bundleDir, ...pageKey }),
    );
  });
  return { app, token, routes };
}
