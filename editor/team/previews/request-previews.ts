import type { Forge } from "../../forge/forge.ts";
import { DEFAULT_BASE } from "../../git/repository.ts";
import type { OpenRequest } from "../../protocol.ts";
import { previewAnnouncer } from "./announce.ts";
import { type PreviewBuilds, previewBuilds } from "./builds.ts";
import type { PreviewStore } from "./preview-store.ts";

/** How often the open requests are looked at again: a request published to from elsewhere is built within this. */
export const PREVIEW_POLL_MS = 60_000;

/** How long a list of the open requests is kept: every preview page asks its request's title. */
const LIST_TTL_MS = 10_000;

export interface RequestPreviewOptions {
  workDir: string;
  /** The site's repository. */
  source: string;
  /** The editor's checkout, whose code builds the previews and whose build/ the first one starts from. */
  root: string;
  /** The forge's client for the site's repository; without one, no request is known and nothing is built. */
  forge: () => Promise<Forge>;
  store: PreviewStore;
  publicUrl: URL;
  /** The branch the site is published from: EDIT_BASE's ("origin/main" → "main"). */
  base?: string;
  now?: () => number;
  log: { warn: (fields: Record<string, unknown>, message: string) => void };
  /** The timers, which tests replace. */
  setInterval?: (run: () => void, ms: number) => { unref?: () => void };
  clearInterval?: (timer: ReturnType<NonNullable<RequestPreviewOptions["setInterval"]>>) => void;
}

export interface RequestPreviews {
  builds: PreviewBuilds;
  /** A request published to here: its preview is built at the new tip. */
  published(number: number): void;
  /** A request's title, for its preview's banner. */
  titleOf(number: number): Promise<string | undefined>;
  /** Serves what was built before a restart, then builds what the open requests need, and looks again periodically. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The previews of the team's open review requests, in the running team editor: built when a request is published to
 * here, when the editor starts, and when a periodic look finds a request whose branch moved (published to from
 * elsewhere); removed once the request is merged or closed. The forge is told each request's preview address once.
 */
export function requestPreviews(options: RequestPreviewOptions): RequestPreviews {
  const now = options.now ?? Date.now;
  const baseBranch = (options.base || DEFAULT_BASE).replace(/^[^/]+\//, "");
  let listed: { at: number; requests: Promise<OpenRequest[]> } | undefined;
  const openRequests = () => {
    if (!listed || now() - listed.at > LIST_TTL_MS) {
      const requests = options.forge().then((forge) => forge.listOpen(baseBranch));
      // A failed look is not kept: the next one asks again.
      requests.catch(() => {
        if (listed?.requests === requests) listed = undefined;
      });
      listed = { at: now(), requests };
    }
    return listed.requests;
  };
  const find = async (number: number) => (await openRequests()).find((request) => request.number === number);

  const announce = previewAnnouncer({
    store: options.store,
    forge: { comment: async (number, text) => (await options.forge()).comment(number, text) },
    publicUrl: options.publicUrl,
    now,
    onFailed: (number, error) => options.log.warn({ request: number, error: String(error) }, "preview not announced"),
  });
  const builds = previewBuilds({
    workDir: options.workDir,
    source: options.source,
    root: options.root,
    baseBranch,
    branchOf: async (number) => (await find(number))?.branch,
    seedBuild: `${options.root}/build`,
    now,
    onReady: (number) => void announce(number),
    onFailed: (number, message) => options.log.warn({ request: number, message }, "preview build failed"),
  });

  const refresh = (number: number) =>
    builds.refresh(number).catch((error: unknown) => {
      options.log.warn({ request: number, error: String(error) }, "preview not built");
    });
  /** Builds what each open request needs and removes the previews of the others. */
  const look = async () => {
    listed = undefined;
    const open = await openRequests().catch((error: unknown) => {
      options.log.warn({ error: String(error) }, "open requests not listed for their previews");
      return undefined;
    });
    if (!open) return;
    for (const request of open) await refresh(request.number);
    await builds.keepOnly(open.map((request) => request.number));
  };

  const every = options.setInterval ?? ((run: () => void, ms: number) => setInterval(run, ms));
  const clear = options.clearInterval ?? ((timer) => clearInterval(timer as NodeJS.Timeout));
  let timer: ReturnType<typeof every> | undefined;
  let looking: Promise<void> = Promise.resolve();
  return {
    builds,
    published(number) {
      listed = undefined;
      void refresh(number);
    },
    titleOf: async (number) => (await find(number).catch(() => undefined))?.title,
    async start() {
      await builds.load();
      looking = look();
      timer = every(() => void (looking = looking.then(look)), PREVIEW_POLL_MS);
      timer.unref?.();
    },
    async stop() {
      if (timer) clear(timer);
      await looking;
    },
  };
}
