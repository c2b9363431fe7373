import fs from "node:fs";
import path from "node:path";
import type { ErrorPayload, Plugin, ViteDevServer } from "vite";
import { contentChanged, contentWatched, loadSiteConfig } from "../contract/content.server.ts";
import { lucideExports } from "../contract/icon-catalog.ts";
import { siteIcons as siteIconsPlugin } from "./site-icons-plugin.ts";
import type { IconName } from "../contract/generated/schema-types.ts";
import { CLIENT_MANIFEST_FILE } from "../contract/client-manifest.server.ts";
import {
  CatalogueError,
  buildErrors,
  catalogueError,
  configErrors,
  formatCatalogueError,
  messageOf,
} from "../contract/errors.ts";
import { API_ORIGIN_FILE } from "../contract/lead-api.ts";
import { BLOCKS_DIR, CONFIG_DIR, ROOT, SCHEMAS_DIR } from "./paths.ts";
import { type FolderWatcher, watchFolders } from "./folder-watcher.ts";
import { iconsNamedInCode } from "./icons-in-code.ts";
import { imageFileOf } from "../imaging/image-files.ts";
import { type ValidateOptions, validateConfig } from "./validate.ts";
import { type ValidationProcess, startValidationProcess } from "./validation-process.ts";
import { validationReport } from "./validation-report.ts";

/** Where Vite writes the manifest under the output folder when `build.manifest` is true. */
const VITE_MANIFEST = ".vite/manifest.json";

/**
 * The icons that content names (every string its schemas mark `"siteRef": "icon"`, whatever the property is called,
 * defaults included) and that components name in their code.
 */
function usedIcons(): Set<IconName> {
  // The validation the build starts with (kept in the process) met every marked value; invalid content stops the build.
  const found = new Set(validateConfig().icons.filter((name): name is IconName => name in lucideExports));
  for (const dir of ["blocks", "kit", "renderer"])
    for (const file of sourceFiles(path.join(ROOT, dir)))
      for (const name of iconsNamedInCode(fs.readFileSync(file, "utf8"))) found.add(name);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The checkout's folders that no page is made of: its generated files (.gitignore's: builds, the review's, the tests'
 * and benchmarks' copies), the tests, the docs, the editor (an application of its own) and the deployments' files.
 */
const NOT_THE_SITES = [
  ...[".cache", "build", "review", "data", "coverage", "reports"],
  ...["tests", "docs", "editor", "deploy"],
].map((name) => path.join(ROOT, name));

/**
 * What the dev server's watchers do not watch (its own and React Router's child compiler's, each walking the checkout
 * as the server starts): the checkout's folders that no page is made of, which they otherwise walked file by file (a
 * working checkout's .cache/ holds builds and copies of the site: 16,000 files, seconds of the start; the tests, docs
 * and editor were 0.3–0.5 s of it); and the content's folder, wherever it is (SITE_CONFIG_DIR), which
 * siteConfigValidation watches itself (watchContent).
 */
export function notWatched(file: string): boolean {
  const inside = (dir: string) => file === dir || file.startsWith(`${dir}${path.sep}`);
  return inside(CONFIG_DIR) || NOT_THE_SITES.some(inside);
}

/** How long the dev server, started, waits for a first request before it validates the content all the same. */
const FIRST_VALIDATION_IDLE_MS = 3_000;

/** How long a save's events settle before the content is validated again: a write is two events, an editor's more. */
const SETTLE_MS = 15;

/**
 * Calls `onChange` with the files of `configDir` changed, added or removed, once a save's events have settled. Vite's
 * watcher read a folder again, every file's entry of it, on each event in it: 150 ms of every save in a folder of
 * 5,000 pages. A watcher of each folder (folder-watcher.ts) names the file.
 */
export function watchContent(configDir: string, onChange: (files: string[]) => void): FolderWatcher {
  const changed = new Set<string>();
  // Each file's text as last handed on (null: none, or a folder): a save's later events, which can come after the
  // settling (a write's two events come 10 ms apart, more on a busy machine), find it the same and are dropped, so
  // that the page is not reloaded twice.
  const handedOn = new Map<string, string | null>();
  const textOf = (file: string) => {
    try {
      return fs.readFileSync(file, "utf8");
    } catch {
      return null;
    }
  };
  let settling: NodeJS.Timeout | undefined;
  const watcher = watchFolders(configDir, (file) => {
    changed.add(file);
    clearTimeout(settling);
    settling = setTimeout(() => {
      const files = [...changed].filter((file) => {
        const text = textOf(file);
        if (handedOn.has(file) && handedOn.get(file) === text) return false;
        handedOn.set(file, text);
        return true;
      });
      changed.clear();
      if (files.length > 0) onChange(files);
    }, SETTLE_MS);
  });
  return {
    close() {
      watcher.close();
      // Closed, it hands on nothing more: not the events of a save still settling.
      clearTimeout(settling);
    },
  };
}

/** The site's icons plugin (site-icons-plugin.ts) with the icons content and code name: only those in a build. */
export const siteIcons = (): Plugin => siteIconsPlugin({ used: usedIcons });

/**
 * Validates site-config/ when the build starts (refusing an invalid config) and, in the dev server, as it starts and
 * again on every change to site-config/ or schemas/, showing the problems in the browser's error overlay with their
 * number, the one `npm run validate` gives. The dev server validates in a process of its own (validation-process.ts):
 * a saved change reloads the page at once, and the problems, when there are any, show over it as they are known, and
 * over every page opened while they last. `options` point it at another copy of the content (tests).
 */
export function siteConfigValidation(
  options: Pick<ValidateOptions, "configDir" | "publicDir"> = {},
  startValidation: typeof startValidationProcess = startValidationProcess,
): Plugin {
  const configDir = options.configDir ?? CONFIG_DIR;
  let validation: ValidationProcess | undefined;
  let contentWatcher: FolderWatcher | undefined;
  let serving = false;
  return {
    name: "site-config-validation",
    configResolved(config) {
      serving = config.command === "serve";
    },
    configureServer(devServer) {
      devServer.watcher.add([SCHEMAS_DIR, BLOCKS_DIR]);
      contentWatched();
      const validator = startValidation(options);
      validation = validator;
      // The problems last found, shown to every page that connects while they last (one reloaded by a save included,
      // which may connect after they were sent).
      let shown: ErrorPayload | undefined;
      devServer.ws.on("vite:client:connect", (_data: unknown, client: { send: (payload: ErrorPayload) => void }) => {
        if (shown) client.send(shown);
      });
      const validate = async (changed: readonly string[]) => {
        let answer: Awaited<ReturnType<ValidationProcess["validate"]>>;
        try {
          answer = await validator.validate(changed);
        } catch (error) {
          const said = error instanceof CatalogueError ? formatCatalogueError(error) : String(error);
          devServer.config.logger.error(`\n${said}\n`);
          return;
        }
        if (answer === "superseded") return;
        const { report } = answer;
        if (!report) {
          // Said after each save, not as the server starts.
          if (changed.length > 0 || shown) devServer.config.logger.info("site-config/ is valid", { timestamp: true });
          shown = undefined;
          return;
        }
        const message = `${configErrors.devOverlay.code} ${messageOf(configErrors.devOverlay, report)}`;
        devServer.config.logger.error(`\n${message}\n`);
        shown = { type: "error", err: { message, stack: "", plugin: "site-config-validation" } };
        devServer.ws.send(shown);
      };
      const changedAll = (files: readonly string[]) => {
        for (const file of files) contentChanged(file);
        devServer.ws.send({ type: "full-reload" });
        void validate(files);
      };
      // A block's schema or manifest changes what is generated from the block folders (types, union, registry).
      const generates = (file: string) =>
        file.startsWith(SCHEMAS_DIR) || /[/\\]blocks[/\\][^/\\]+[/\\](schema\.json|block\.ts)$/.test(file);
      const onChange = async (file: string) => {
        if (!generates(file)) return;
        const { execFileSync } = await import("node:child_process");
        execFileSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/generate.ts")], {
          stdio: "inherit",
        });
        changedAll([file]);
      };
      contentWatcher = watchContent(configDir, changedAll);
      devServer.watcher.on("change", onChange);
      devServer.watcher.on("add", onChange);
      devServer.watcher.on("unlink", onChange);
      // The first validation waits for the first response the server gives, whose page it would slow (it took the core
      // that page is transformed and rendered on: 0.4 s of a 6 s start at 10,000 routes), or for a few seconds of none.
      let firstValidation: "waiting" | NodeJS.Timeout | "done" = "waiting";
      const validateFirst = () => {
        if (firstValidation === "done") return;
        if (firstValidation !== "waiting") clearTimeout(firstValidation);
        firstValidation = "done";
        void validate([]);
      };
      if (devServer.httpServer)
        devServer.httpServer.once("listening", () => {
          if (firstValidation === "waiting") firstValidation = setTimeout(validateFirst, FIRST_VALIDATION_IDLE_MS);
        });
      else validateFirst();
      devServer.middlewares.use((_request, response, next) => {
        if (firstValidation !== "done") {
          if (firstValidation !== "waiting") clearTimeout(firstValidation);
          firstValidation = "waiting";
          response.once("close", validateFirst);
        }
        next();
      });
    },
    // The dev server's end (Vite closes its plugins then).
    closeBundle() {
      contentWatcher?.close();
      validation?.stop();
    },
    buildStart() {
      // A server validates in its own process, as it starts (configureServer). One never configured is React Router's
      // child compiler, which the dev server starts to read its route modules and which serves no page: validating
      // there took 0.6 s of the dev server's start at 10,000 routes, and content found invalid stopped the start.
      if (serving) return;
      // `react-router typegen` (a step of `npm run gen`) loads this config too; the route types do not follow from the
      // content (renderer/routes.ts), and content in an older shape is expected between a block type's change and
      // `npm run migrate`: gen says itself what awaits a migration.
      if (process.argv.includes("typegen")) return;
      const report = validationReport(options);
      if (report)
        this.error(
          `${configErrors.invalidAtLoad.code} ${messageOf(configErrors.invalidAtLoad, { problems: report.problems })}`,
        );
    },
  };
}

/**
 * Records the origin of the lead API that the pages call (VITE_LEAD_API_URL, else `leadApi.baseUrl` of site.json),
 * when it is another origin than the site's, in `<build>/api-origin.json`. The server reads it and allows that origin
 * in its Content-Security-Policy's connect-src, so that a site built for an API elsewhere works without a second
 * setting. A same-origin API writes `{ "origin": null }`.
 */
export function leadApiOrigin(): Plugin {
  let envUrl = "";
  return {
    name: "voxa:lead-api-origin",
    configResolved(config) {
      envUrl = String(config.env.VITE_LEAD_API_URL ?? "");
    },
    writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      // Read here, once validation at the build's start has accepted the content, as loaded (defaults filled in).
      const apiUrl = envUrl || loadSiteConfig().leadApi.baseUrl;
      const origin = /^https?:\/\//i.test(apiUrl) ? new URL(apiUrl).origin : null;
      fs.writeFileSync(path.join(path.dirname(options.dir), API_ORIGIN_FILE), `${JSON.stringify({ origin })}\n`);
    },
  };
}

/**
 * Keeps the client build's manifest (Vite's `build.manifest`, turned on here for the client build) in
 * `<build>/client-manifest.json`, beside the public files: the prerenderer and `npm run budgets` read the chunk graph
 * from it (contract/client-manifest.server.ts). React Router's build reads the same manifest and then deletes it from
 * client/, unless the top-level `build.manifest` is set, which would leave it among the files the server serves.
 */
export function clientManifest(): Plugin {
  return {
    name: "voxa:client-manifest",
    apply: "build",
    configEnvironment: (name) => (name === "client" ? { build: { manifest: true } } : undefined),
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const target = path.join(path.dirname(options.dir), CLIENT_MANIFEST_FILE);
      const manifest = bundle[VITE_MANIFEST];
      if (manifest?.type !== "asset") this.error(catalogueError(buildErrors.manifestMissing, { file: target }));
      fs.writeFileSync(target, manifest.source);
    },
  };
}

const IMAGE_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

/**
 * Serves the files the dev server's pages name under /_img/ (made on the way by the page's loader, kept in the
 * image cache), as the build copies them into its output.
 */
export function imageFiles(): Plugin {
  return {
    name: "voxa:image-files",
    configureServer(server: ViteDevServer) {
      server.middlewares.use((request, response, next) => {
        const file = imageFileOf(request.url ?? "");
        const type = file && IMAGE_TYPES[path.extname(file).slice(1)];
        if (!file || !type || !fs.existsSync(file)) return next();
        response.setHeader("Content-Type", type);
        response.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        fs.createReadStream(file).pipe(response);
      });
    },
  };
}
