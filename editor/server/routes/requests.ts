import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { catalogueError, editorReviewErrors, editorReviewLines, messageOf } from "../../../contract/errors.ts";
import {
  type ChangeKind,
  type ChangedFile,
  MERGED_REQUESTS_PATH,
  type MergedRequestsAnswer,
  type OpenRequest,
  type RequestVersions,
  type RequestsAnswer,
} from "../../protocol.ts";
import type { Forge } from "../../forge/forge.ts";
import { reviewForgeOf } from "../../forge/of-repository.ts";
import { isContentFile } from "../../git/content-files.ts";
import { type Base, Repository } from "../../git/repository.ts";
import { TAKE_DOWN_BRANCHES } from "../../team/take-down.ts";
import { refused } from "../refusals.ts";
import { FILE, type InputTypes, NOTHING, REQUEST_NUMBER, fields, text } from "../route-schema.ts";

export interface RequestsOptions {
  projectDirOf: (request: FastifyRequest) => string;
  env: NodeJS.ProcessEnv;
  describe: (before: string | undefined, after: string | undefined) => string[];
  /** The signed-in person's address (the team editor): their own requests are not theirs to merge. */
  emailOf: (request: FastifyRequest) => string | undefined;
  /** Whether a publisher may merge a request they asked for (EDIT_TEAM_MERGE_OWN=1); off by default. */
  mergeOwn: boolean;
  /**
   * Told of a request merged or sent back (the team editor's notices to its author), with its content files as its
   * branch has them. What it does must not delay the answer.
   */
  onAnswered?: (request: FastifyRequest, answered: AnsweredRequest) => void;
}

export type AnsweredRequest = ({ kind: "merged" } | { kind: "sent-back"; comment: string }) & {
  request: OpenRequest;
  /** Each content file the request changes, with its text on the request's branch (undefined: deleted, or media). */
  files: { file: string; text: string | undefined }[];
};

const KINDS: Record<string, ChangeKind> = { A: "added", M: "changed", D: "deleted" };
/** A commit's id as git writes it in full: SHA-1's 40 hex digits, or SHA-256's 64. */
const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** A review is a publisher's: the team's open requests, each in words, merged or sent back. */
const PUBLISHER = { role: "publisher" } as const;
const versionQuery = fields(
  {
    number: text(10, "The request's number on the forge", { pattern: "^[1-9][0-9]{0,9}$", examples: ["12"] }),
    file: { ...FILE, description: "A page the request changes" },
  },
  ["number", "file"],
);
const mergeBody = fields({ number: REQUEST_NUMBER }, ["number"]);
const sendBackBody = fields(
  {
    number: REQUEST_NUMBER,
    comment: text(10_000, "What the author is asked to change, in words: the request's comment", {
      refusal: editorReviewErrors.noComment.code,
    }),
  },
  ["number", "comment"],
);

/** The routes a publisher reviews the team's open requests with: each in words, then merged or sent back. */
export const requestRoutes =
  (options: RequestsOptions): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    /** The repository of the request's copy, its base, and the forge's client, which reviewing cannot do without. */
    const forgeOf = async (request: FastifyRequest): Promise<{ repo: Repository; base: Base; forge: Forge }> => {
      const repo = await Repository.open(options.projectDirOf(request));
      const base = await repo.base();
      return { repo, base, forge: await reviewForgeOf(repo, base, options.env) };
    };

    const show = (repo: Repository, commit: string, file: string) =>
      repo.probe(["show", `${commit}:${file}`]).then((text) => (text === undefined ? undefined : `${text}\n`));

    /** The content files that differ from commit `start` to commit `tip`. */
    const filesBetween = async (repo: Repository, start: string, tip: string) => {
      const listed = await repo.run(["diff", "--name-status", "--no-renames", start, tip]);
      return listed
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [status, file] = line.split("\t") as [string, string];
          return { file, kind: KINDS[status[0]!] ?? "changed" };
        })
        .filter(({ file }) => isContentFile(file));
    };

    /** The content files a request's branch changes against where it started from the base. */
    const changedOf = async (repo: Repository, baseTip: string, base: Base, branch: string) => {
      await repo.run(["fetch", "--quiet", base.remote, `+refs/heads/${branch}:refs/editor/review/${branch}`]);
      const tip = `refs/editor/review/${branch}`;
      const start = (await repo.run(["merge-base", baseTip, tip])).trim();
      return { start, tip, files: await filesBetween(repo, start, tip) };
    };

    /** The content a request's branch changes against where it started from the base, in the Changes view's words. */
    const changesOf = async (repo: Repository, base: Base, baseTip: string, branch: string) =>
      describedChanges(repo, await changedOf(repo, baseTip, base, branch));

    /** Each content file changed from `start` to `tip`, in the Changes view's words. */
    const describedChanges = async (
      repo: Repository,
      { start, tip, files }: { start: string; tip: string; files: { file: string; kind: ChangeKind }[] },
    ): Promise<ChangedFile[]> => {
      const changes: ChangedFile[] = [];
      for (const { file, kind } of files) {
        if (!file.startsWith("site-config/")) {
          changes.push({ file, kind, fields: [] });
          continue;
        }
        const before = kind === "added" ? undefined : await show(repo, start, file);
        const after = kind === "deleted" ? undefined : await show(repo, tip, file);
        const path = (() => {
          try {
            return (JSON.parse(after ?? before ?? "{}") as { path?: unknown }).path;
          } catch {
            return undefined;
          }
        })();
        changes.push({
          file,
          kind,
          ...(typeof path === "string" && { path }),
          fields: options.describe(before, after),
        });
      }
      return changes;
    };

    /** A request's content files with their text on its branch (the deleted ones as they were), for its notice. */
    const filesOf = async (repo: Repository, base: Base, branch: string) => {
      const { start, tip, files } = await changedOf(repo, await repo.fetchBase(base), base, branch);
      const texts = [];
      for (const { file, kind } of files) {
        const text = file.startsWith("site-config/")
          ? await show(repo, kind === "deleted" ? start : tip, file)
          : undefined;
        texts.push({ file, text });
      }
      return texts;
    };

    const list = { config: PUBLISHER, schema: { querystring: NOTHING } } as const;
    app.get("/api/requests", list, async (request): Promise<RequestsAnswer> => {
      const { repo, base, forge } = await forgeOf(request);
      const baseTip = await repo.fetchBase(base);
      const open = await forge.listOpen(base.branch);
      const requests = [];
      for (const item of open) requests.push({ ...item, changes: await changesOf(repo, base, baseTip, item.branch) });
      return { base: base.name, requests };
    });

    /**
     * What a merged request changed, in words: its merge (or squashed) commit against the base before it; nothing when
     * the forge names no commit, or one this repository does not hold (the base's history rewritten since).
     */
    const mergedChangesOf = async (repo: Repository, mergeCommit: string | undefined) => {
      // The forge's answer goes to git as an argument: only a commit's id, never anything git could take for an option.
      if (!mergeCommit || !COMMIT_ID.test(mergeCommit)) return [];
      const before = await repo.probe(["rev-parse", "--verify", "--quiet", `${mergeCommit}^1`]);
      if (!before) return [];
      return describedChanges(repo, {
        start: before,
        tip: mergeCommit,
        files: await filesBetween(repo, before, mergeCommit),
      });
    };

    /**
     * The requests merged into the base most recently, each with what it changed: what a publisher may take down.
     * The take-downs the editor itself opened and merged are not among them: the calendar lists those.
     */
    app.get(MERGED_REQUESTS_PATH, list, async (request): Promise<MergedRequestsAnswer> => {
      const { repo, base, forge } = await forgeOf(request);
      // The base as it is now, which holds each merged request's commit.
      await repo.fetchBase(base);
      const merged = (await forge.listMerged(base.branch)).filter(
        (item) => !item.branch.startsWith(TAKE_DOWN_BRANCHES),
      );
      const requests = [];
      for (const item of merged) requests.push({ ...item, changes: await mergedChangesOf(repo, item.mergeCommit) });
      return { base: base.name, requests };
    });

    /** The open request numbered `number`, refused when it is not open (merged meanwhile, closed, or unknown). */
    const openRequest = async (request: FastifyRequest, number: number) => {
      const { repo, base, forge } = await forgeOf(request);
      const found = (await forge.listOpen(base.branch)).find((item) => item.number === number);
      if (!found) throw catalogueError(editorReviewErrors.notOpen, { number });
      return { repo, base, forge, found };
    };

    /** A page of an open request before and after, for the review's comparison; only the pages the request changes. */
    const version = { config: PUBLISHER, schema: { querystring: versionQuery } } as const;
    app.get("/api/requests/version", version, async (request): Promise<RequestVersions> => {
      const number = Number(request.query.number);
      const { file } = request.query;
      const { repo, base, found } = await openRequest(request, number);
      const { start, tip, files } = await changedOf(repo, await repo.fetchBase(base), base, found.branch);
      const changed = files.find((entry) => entry.file === file && file.startsWith("site-config/"));
      if (!changed) throw catalogueError(editorReviewErrors.notInRequest, { number, file });
      return {
        before: changed.kind === "added" ? null : ((await show(repo, start, file)) ?? null),
        after: changed.kind === "deleted" ? null : ((await show(repo, tip, file)) ?? null),
      };
    });

    /**
     * The request's files for its notice, read from its branch before the forge merges it (a merge may delete the
     * branch); a failure to read them lists no page, and never stops the merge or the send-back.
     */
    const filesForNotice = async (repo: Repository, base: Base, found: OpenRequest) =>
      options.onAnswered && found.askedBy ? filesOf(repo, base, found.branch).catch(() => []) : [];

    const merge = {
      config: { ...PUBLISHER, audit: "merge" },
      schema: { body: mergeBody, querystring: NOTHING },
    } as const;
    app.post("/api/requests/merge", merge, async (request) => {
      const { repo, base, forge, found } = await openRequest(request, request.body.number);
      const email = options.emailOf(request);
      if (!options.mergeOwn && email && found.askedBy?.email === email) throw refused(editorReviewErrors.ownRequest);
      const files = await filesForNotice(repo, base, found);
      await forge.merge(found.number);
      options.onAnswered?.(request, { kind: "merged", request: found, files });
      const line = editorReviewLines.merged;
      return { code: line.code, message: messageOf(line, { number: found.number, title: found.title }) };
    });

    const sendBack = { config: PUBLISHER, schema: { body: sendBackBody, querystring: NOTHING } } as const;
    app.post("/api/requests/send-back", sendBack, async (request) => {
      const comment = request.body.comment.trim();
      if (!comment) throw refused(editorReviewErrors.noComment);
      const { repo, base, forge, found } = await openRequest(request, request.body.number);
      const files = await filesForNotice(repo, base, found);
      await forge.comment(found.number, comment);
      options.onAnswered?.(request, { kind: "sent-back", comment, request: found, files });
      const line = editorReviewLines.sentBack;
      return { code: line.code, message: messageOf(line, { number: found.number }) };
    });
  };
