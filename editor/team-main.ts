import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import prettier from "prettier";
import { editorLines, teamLines, teamNoticeErrors } from "../contract/errors.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { ROOT } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";
import { editorBundle } from "./bundle.ts";
import { detectForge } from "./forge/detect.ts";
import { reviewForgeAt } from "./forge/of-repository.ts";
import { shownAddress } from "./forge/forge-site.ts";
import { buildEditor } from "./server/app.ts";
import { checkForgeSettings, isLoopback, loadTeamConfig } from "./team/config.ts";
import { emailLinks, signInLinks, terminalDelivery } from "./team/email-link.ts";
import { committerOf, gitEmail, listenAddress, sourceOf, withLocalDefaults } from "./team/local-defaults.ts";
import { teamNotices } from "./team/notices.ts";
import { oidcSignIn } from "./team/oidc.ts";
import { openPresenceBus } from "./team/open-presence-bus.ts";
import { openTeamStore } from "./team/open-store.ts";
import { createScheduler } from "./team/scheduler.ts";
import { REDIRECTS_FILE, takeDownRepository } from "./team/take-down.ts";
import { requestPreviews } from "./team/previews/request-previews.ts";
import { repositoryPeople } from "./team/site-repository.ts";
import { teamLogSerializers } from "./team/plugin.ts";
import { followSource, workspaces } from "./team/workspaces.ts";

/**
 * npm run edit:team: the editor for a team at one address, with sign-in and roles (docs/team-editor.md). Without
 * settings it runs on this machine: http://localhost:4400, SQLite, links printed here.
 */
const env = withLocalDefaults(process.env);
const source = sourceOf(env, ROOT);
const config = (() => {
  try {
    const read = loadTeamConfig(env);
    checkForgeSettings(source, env);
    return read;
  } catch (error) {
    return exitOnError(error);
  }
})();
const store = await openTeamStore(config).catch(exitOnError);
const presenceBus = await openPresenceBus(config).catch(exitOnError);
const workDir = env.EDIT_TEAM_WORK_DIR || ".cache/editor-work";
const localAdmin = isLoopback(config.publicUrl) ? gitEmail(ROOT) : undefined;
const people = await repositoryPeople({ source: source.address, workDir, localAdmin }).catch(exitOnError);
if (localAdmin && people.localAdminIn()) print(teamLines.localAdmin, { email: localAdmin });
const now = Date.now;
// Links are mailed when an SMTP server is set, printed here only without one.
const linksToTerminal = !config.mail && config.linksToTerminal === true;
const links = config.mail
  ? emailLinks({ ...config.mail, publicUrl: config.publicUrl }, store, now)
  : linksToTerminal
    ? signInLinks(config.publicUrl, terminalDelivery(), store, now)
    : undefined;
// Review notices go through the same SMTP server as the links; without one, nobody is e-mailed, as the terminal says.
const notices = config.mail
  ? teamNotices({ mail: config.mail, publicUrl: config.publicUrl, store, people: people.people })
  : undefined;
if (!notices) print(teamNoticeErrors.off);
const oidc = config.oidc && oidcSignIn({ ...config.oidc, publicUrl: config.publicUrl }, store, now);
const moved = await followSource(workDir, source.address).catch(exitOnError);
if (moved > 0) print(teamLines.copiesMoved, { count: moved, address: shownAddress(source.address) });
const copies = workspaces({ source: source.address, workDir, store, committer: committerOf(env) });
await copies.prepare().catch(exitOnError);
// Each open request's preview is built with this checkout's code, from its build/ first (docs/team-editor.md, Previews),
// unless EDIT_TEAM_PREVIEWS=off: an instance without the cores for builds, or a team that does not want them.
const previews = config.previews
  ? requestPreviews({
      workDir,
      source: source.address,
      root: ROOT,
      forge: () => reviewForgeAt(source.address, process.env),
      store,
      publicUrl: config.publicUrl,
      base: env.EDIT_BASE,
      log: { warn: (fields, message) => app.log.warn(fields, message) },
    })
  : undefined;
if (!previews) print(teamLines.previewsOff);
const bundleDir = await editorBundle({ onBuild: () => print(editorLines.building) }).catch(exitOnError);
const { app } = await buildEditor({
  projectDir: ROOT,
  env: process.env,
  bundleDir,
  logger: { level: env.LOG_LEVEL ?? "warn", serializers: teamLogSerializers },
  // The work folder is the one the image lets the editor write (a volume): the library's thumbnails are a cache too.
  imageCacheDir: path.join(workDir, "media-cache"),
  team: {
    publicUrl: config.publicUrl,
    previewUrl: config.previewUrl,
    secureCookies: config.secureCookies,
    store,
    people: people.people,
    oidc,
    links,
    linksToTerminal,
    mergeOwn: env.EDIT_TEAM_MERGE_OWN === "1",
    notices,
    presenceBus,
    workspaces: copies,
    scheduler: { wake: () => scheduler.wake() },
    ...(previews && {
      previewBuilds: previews.builds,
      previewPublished: (number: number) => previews.published(number),
      requestTitle: (number: number) => previews.titleOf(number),
    }),
  },
});
// Scheduled merges go through the forge of the site's repository, with the service's token; the store gives each due
// one to a single instance (docs/team-editor.md, Scheduled publishing).
const scheduler = createScheduler({
  store,
  now,
  instance: `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
  forge: () => reviewForgeAt(source.address, process.env),
  // Take-downs are built without a working copy, in a bare repository of their own in the work folder.
  takeDowns: takeDownRepository({
    dir: path.resolve(workDir, "schedules.git"),
    source: source.address,
    committer: committerOf(env),
    prettierOptions: (await prettier.resolveConfig(path.join(ROOT, REDIRECTS_FILE))) ?? {},
  }),
  notices,
  log: app.log,
});
const { host, port } = listenAddress(env, config.publicUrl);
await app.listen({ host, port }).catch(exitOnError);
const ways = [oidc && "the team's provider", config.mail && "e-mailed link", linksToTerminal && "link printed here"]
  .filter(Boolean)
  .join(", ");
// The forge it found is said before the line that tells it is up, which scripts wait for.
const forge = await detectForge(source.address, env);
if (!forge) print(teamLines.noForge, { address: shownAddress(source.address) });
else if (forge.tokenFrom)
  print(teamLines.forge, { forge: forge.site.name, repository: forge.site.repository, token: forge.tokenFrom });
else print(teamLines.forgeWithoutToken, { forge: forge.site.name, repository: forge.site.repository });
print(teamLines.started, { url: config.publicUrl.origin, listen: `${host}:${port}`, ways });
scheduler.start();
await previews?.start().catch(exitOnError);
const stop = () =>
  void scheduler
    .stop()
    .then(() => previews?.stop())
    .then(() => app.close())
    .then(() => people.stop())
    .then(() => presenceBus.close())
    .then(() => store.close())
    .then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
