import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { CatalogueError, editorGitErrors } from "../../../contract/errors.ts";
import type {
  BaseMedia,
  BaseText,
  BranchAnswer,
  BranchChoice,
  ChangedFile,
  ChangesAnswer,
  MergeChoices,
  PublishAnswer,
  PublishedBranch,
  RequestLink,
  ReviewRequestInfo,
} from "../../protocol.ts";
import type { ForgeChoice } from "../../forge/detect.ts";
import { forgeOfRepository } from "../../forge/of-repository.ts";
import { requestBody } from "../../forge/forge.ts";
import { branchState } from "../../git/branch.ts";
import { baseBytes, bytesSince, discardChange, listChanges } from "../../git/changes.ts";
import { isContentFile, mediaTypeOf } from "../../git/content-files.ts";
import { refusal } from "../../git/failure.ts";
import { fileHistory, versionOf } from "../../git/history.ts";
import { type Identity, storeIdentity } from "../../git/identity.ts";
import { type MergeFile, getLatest } from "../../git/latest.ts";
import { publish } from "../../git/publish.ts";
import { type Base, Repository } from "../../git/repository.ts";
import { type IsOpen, PUBLISHED_REFS, PUBLISHED_SETTING } from "../../git/review.ts";
import type { TextMerge } from "../merge-texts.ts";
import { FILE, type InputTypes, NOTHING, fields, text } from "../route-schema.ts";
import { CHOICES } from "./saves.ts";

export interface PublishingOptions {
  /** The checkout a request works on: the one project, or in the team editor the signed-in person's own copy. */
  projectDirOf: (request: FastifyRequest) => string;
  /** Who a publication's commit is authored by: the signed-in person in the team editor; git's identity otherwise. */
  authorOf?: (request: FastifyRequest) => Identity | undefined;
  /** Where the forge's token and API address are read (process.env; a test's own). The token never leaves here. */
  env: NodeJS.ProcessEnv;
  /** The words of each changed field between two versions of a page (empty for site settings and media). */
  describe: (before: string | undefined, after: string | undefined) => string[];
  /**
   * Told of each review request a publication opened or added to, with the title and the content files sent (the
   * team editor's notices). Called once the request is known, before the answer; what it does must not delay it.
   */
  onRequested?: (request: FastifyRequest, requested: RequestedReview) => void;
  /** Merges, field by field, a person's edit of a page with the version Get latest brings (editor/server/merge-texts.ts). */
  mergeFile: (
    request: FastifyRequest,
    file: string,
    texts: { base: string | undefined; theirs: string; mine: string },
    choices: MergeChoices,
  ) => Promise<TextMerge>;
}

export interface RequestedReview {
  request: ReviewRequestInfo;
  title: string;
  /** Each content file sent, with its text in the person's copy (undefined: deleted, or media). */
  files: { file: string; text: string | undefined }[];
}

const READ = { config: { role: "viewer" }, schema: { querystring: NOTHING } } as const;
const CONTENT_FILE = { ...FILE, description: "A content file: `site-config/…` or `public/media/…`" };
const fileQuery = fields({ file: CONTENT_FILE }, ["file"]);
const discardBody = fields({ file: CONTENT_FILE }, ["file"]);
const publishBody = fields(
  {
    summary: text(2000, "What the change is, in words: the commit's message and the review request's title"),
    identity: fields(
      { name: text(200, "The author's name"), email: text(320, "The author's e-mail address") },
      ["name", "email"],
      { description: "The author git names, asked once when git has none (EDIT_GIT_NO_IDENTITY)" },
    ),
  },
  ["summary"],
);
const latestBody = fields(
  {
    choices: {
      type: "object",
      description: "For each file of an earlier answer's conflicts, its choices (as a save's)",
      additionalProperties: CHOICES,
      refusal: CHOICES.refusal,
    },
  },
  [],
);
const choiceBody = fields(
  {
    choice: text(7, "`publish` (publish from this branch) or `files` (edit files only)", {
      enum: ["publish", "files"],
      refusal: editorGitErrors.badChoice.code,
    }),
  },
  ["choice"],
);
const versionQuery = fields(
  { file: CONTENT_FILE, commit: text(64, "The commit of the version, as the history lists it") },
  ["file", "commit"],
);

/** The content file a request names; anything else (a path outside the content, a missing name) is refused. */
const contentFile = (value: unknown): string => {
  const file = typeof value === "string" ? value : "";
  if (!isContentFile(file)) throw refusal(editorGitErrors.notContent, { files: [file] });
  return file;
};

/** The site address a page declares, read from its text; undefined for site settings, media or a broken page. */
const addressOf = (text: string | undefined): string | undefined => {
  if (!text) return undefined;
  try {
    const page = JSON.parse(text) as { path?: unknown };
    return typeof page.path === "string" ? page.path : undefined;
  } catch {
    return undefined;
  }
};

/** The server's answers about changes, publishing, the latest site and history; every refusal is a catalogue one. */
export const publishingRoutes =
  (options: PublishingOptions): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    const repository = (request: FastifyRequest) => Repository.open(options.projectDirOf(request));
    /** What a developer chose for each of their branches in this run (the editor asks again after a restart). */
    const choices = new Map<string, BranchChoice>();
    const branchAnswer = async (repo: Repository): Promise<BranchAnswer> => {
      const { branch, base, onBase } = await branchState(repo);
      return { branch: branch ?? null, base: base.name, onBase, choice: (branch && choices.get(branch)) || null };
    };
    /**
     * Publishing, discarding and Get latest write to git or to the files from the base: on a branch other than the base,
     * only once the developer chose to publish from it in this run. A detached HEAD is left to each step's own refusal.
     */
    const assertPublishing = async (repo: Repository) => {
      const { branch, base, onBase } = await branchState(repo);
      if (branch && !onBase && choices.get(branch) !== "publish")
        throw refusal(editorGitErrors.publishingOff, { branch, base: base.name });
      return repo;
    };
    /** A file's text in the person's copy now, or undefined when it has none. */
    const readNow = (projectDir: string, file: string) =>
      fs
        .readFile(path.join(projectDir, file), "utf8")
        .catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : Promise.reject(error)));
    const forgeOf = (repo: Repository, base: Base) => forgeOfRepository(repo, base, options.env);
    /**
     * Whether a branch's review request is open, as the repository's forge says; none without a forge (git alone
     * cannot tell a closed request from an open one). A forge that cannot be asked now leaves it open.
     */
    const openOnForge = async (repo: Repository): Promise<IsOpen | undefined> => {
      const forge = (await forgeOf(repo, await repo.base()))?.forge;
      return forge && (async (branch) => (await forge.findOpen(branch).catch(() => ({ state: "open" }))) !== undefined);
    };
    /** The page to open the request from without a token, or the git command on a host the editor does not know. */
    const linkOf = (forge: ForgeChoice | undefined, base: Base, branch: string): RequestLink =>
      forge
        ? { compareUrl: forge.compareUrl(branch, base.branch) }
        : { command: `git request-pull ${base.name} ${base.remote} ${branch}` };

    const changed = async (request: FastifyRequest): Promise<ChangesAnswer> => {
      const repo = await repository(request);
      const { base, since, changes, notContent, inReview, merged } = await listChanges(repo, await openOnForge(repo));
      const files: ChangedFile[] = [];
      for (const change of changes) {
        // An image or video has no address or fields: neither of its versions is read.
        if (!change.file.startsWith("site-config/")) {
          files.push({ ...change, fields: [] });
          continue;
        }
        const before =
          change.kind === "added" ? undefined : (await bytesSince(repo, since, change.file))?.toString("utf8");
        const after = change.kind === "deleted" ? undefined : await readNow(options.projectDirOf(request), change.file);
        files.push({ ...change, path: addressOf(after ?? before), fields: options.describe(before, after) });
      }
      return {
        base: base.name,
        changes: files,
        notContent,
        ...(inReview ? { inReview } : {}),
        ...(merged.length ? { merged } : {}),
      };
    };

    app.get("/api/changes", READ, (request) => changed(request));
    app.get(
      "/api/changes/base",
      { ...READ, schema: { querystring: fileQuery } },
      async (request): Promise<BaseText | BaseMedia> => {
        const file = contentFile(request.query.file);
        const bytes = await baseBytes(await repository(request), file);
        const type = mediaTypeOf(file);
        if (type) return { file, type, data: bytes?.toString("base64") ?? null };
        return { file, text: bytes?.toString("utf8") ?? null };
      },
    );
    const discard = {
      config: { role: "author", audit: "discard", drafts: true },
      schema: { body: discardBody, querystring: NOTHING },
    } as const;
    app.post("/api/changes/discard", discard, async (request) => {
      const { body } = request;
      const file = contentFile(body.file);
      const change = await discardChange(await assertPublishing(await repository(request)), file);
      return { file, discarded: change?.kind ?? null };
    });
    const publishing = {
      config: { role: "author", audit: "publish", drafts: true },
      schema: { body: publishBody, querystring: NOTHING },
    } as const;
    app.post("/api/publish", publishing, async (request): Promise<PublishAnswer> => {
      const { body } = request;
      const repo = await assertPublishing(await repository(request));
      if (body.identity !== undefined) await storeIdentity(repo, body.identity);
      const { summary } = body;
      const choice = await forgeOf(repo, await repo.base());
      const forge = choice?.forge;
      const pages = (await changed(request)).changes;
      const author = options.authorOf?.(request);
      const published = await publish(repo, {
        summary,
        author,
        // A forge that cannot be asked now leaves git's answer (not merged: still open); the push goes ahead.
        isOpen: await openOnForge(repo),
      });
      const { branch, commit, base, created } = published;
      const answer = { branch, commit, base: base.name, created, ...linkOf(choice, base, branch) };
      if (!forge) return answer;
      const sent = new Set(published.files.map((file) => file.file));
      const title = summary.replace(/\s+/g, " ").trim();
      try {
        const opened =
          (await forge.findOpen(branch)) ??
          (await forge.open({
            head: branch,
            base: base.branch,
            title,
            body: requestBody(
              pages.filter((page) => sent.has(page.file)),
              author,
            ),
          }));
        options.onRequested?.(request, {
          request: opened,
          title,
          // An image or video is named by its file: its bytes are not read.
          files: await Promise.all(
            [...sent].map(async (file) => ({
              file,
              text: file.startsWith("site-config/") ? await readNow(options.projectDirOf(request), file) : undefined,
            })),
          ),
        });
        return { ...answer, request: opened };
      } catch (error) {
        // The branch is pushed all the same: the answer says where it is, and where to open the request by hand.
        if (error instanceof CatalogueError) throw new CatalogueError(error.entry, error.message, answer);
        throw error;
      }
    });
    app.get("/api/published", READ, async (request): Promise<{ published: PublishedBranch[] }> => {
      const repo = await repository(request);
      const base = await repo.base();
      const baseTip = await repo.fetchBase(base);
      const head = (await repo.run(["rev-parse", "HEAD"])).trim();
      const forge = (await forgeOf(repo, base))?.forge;
      const branches = (await repo.probe(["config", "--get-all", PUBLISHED_SETTING]))?.split("\n") ?? [];
      const published: PublishedBranch[] = [];
      for (const branch of branches) {
        const commit = await repo.probe(["rev-parse", "--verify", "--quiet", `${PUBLISHED_REFS}${branch}`]);
        // Already in this checkout (Get latest brought it): nothing left to follow.
        if (!commit || (await repo.isAncestor(commit, head))) continue;
        const merged = await repo.isAncestor(commit, baseTip);
        const request = forge && !merged ? await forge.findOpen(branch) : undefined;
        published.push({
          branch,
          commit,
          state: merged ? "merged" : (request?.state ?? (forge ? "closed" : "open")),
          ...(request ? { request } : {}),
        });
      }
      return { published };
    });
    const latest = {
      config: { role: "author", drafts: true },
      schema: { body: latestBody, querystring: NOTHING },
    } as const;
    app.post("/api/get-latest", latest, async (request) => {
      const choices = request.body.choices ?? {};
      const repo = await assertPublishing(await repository(request));
      const merge: MergeFile = (file, texts) => options.mergeFile(request, file, texts, choices[file] ?? {});
      return getLatest(repo, merge, await openOnForge(repo));
    });
    // Outside git there is no branch to choose about: the editor edits files, and publishing says why it cannot.
    app.get("/api/branch", READ, async (request) => {
      const repo = await Repository.find(options.projectDirOf(request));
      return repo ? branchAnswer(repo) : { branch: null, base: "", onBase: false, choice: null };
    });
    const choose = { config: { role: "author" }, schema: { body: choiceBody, querystring: NOTHING } } as const;
    app.post("/api/branch/choice", choose, async (request): Promise<BranchAnswer> => {
      const { body } = request;
      const repo = await repository(request);
      const { branch } = await branchState(repo);
      if (branch) choices.set(branch, body.choice);
      return branchAnswer(repo);
    });
    app.get("/api/history", { ...READ, schema: { querystring: fileQuery } }, async (request) => {
      const file = contentFile(request.query.file);
      return { file, versions: await fileHistory(await repository(request), file) };
    });
    app.get("/api/history/version", { ...READ, schema: { querystring: versionQuery } }, async (request) => {
      const file = contentFile(request.query.file);
      const { commit } = request.query;
      return { file, commit, text: await versionOf(await repository(request), commit, file) };
    });
  };
