import { execFile, execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import semver from "semver";

/** A package as package-lock.json (lockfileVersion 3) pins it, under its folder (`node_modules/a/node_modules/b`). */
export interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  hasInstallScript?: boolean;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  engines?: Record<string, string>;
}

export interface Lockfile {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

/** What `npm ci` is asked: the workspace it installs (else the root package), and whether it leaves dev out. */
export interface InstallOptions {
  workspace?: string;
  omitDev: boolean;
}

/** The system the packages are installed for, as npm checks a package's `os`, `cpu` and `libc`. */
export interface Platform {
  os: string;
  cpu: string;
  libc?: "glibc" | "musl";
}

/** This machine, which stands for the image's system (node's Debian image: glibc). */
export function thisPlatform(): Platform {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  const libc = process.platform === "linux" ? (report?.header?.glibcVersionRuntime ? "glibc" : "musl") : undefined;
  return { os: process.platform, cpu: process.arch, libc };
}

/** npm's rule for `os`, `cpu` and `libc`: `!x` refuses x; otherwise, when any value is named, one must be ours. */
function allows(list: string[] | undefined, value: string | undefined): boolean {
  if (!list || list.length === 0 || value === undefined) return true;
  if (list.includes(`!${value}`)) return false;
  const wanted = list.filter((item) => !item.startsWith("!"));
  return wanted.length === 0 || wanted.includes(value);
}

const fitsPlatform = (entry: LockEntry, platform: Platform) =>
  allows(entry.os, platform.os) &&
  allows(entry.cpu, platform.cpu) &&
  (platform.os !== "linux" || allows(entry.libc, platform.libc));

/** Whether this Node meets a package's `engines.node`: npm leaves out an optional package it does not meet. */
const fitsNode = (entry: LockEntry) =>
  !entry.engines?.node || semver.satisfies(process.version, entry.engines.node, { includePrerelease: true });

/** Where a dependency `name` of the package at `from` is, as Node and npm find it: its own node_modules, then upwards. */
function resolve(lock: Lockfile, from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (candidate in lock.packages) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut >= 0 ? base.slice(0, cut) : "";
  }
}

/** A dependency of one folder of the lockfile on another; `optional` for optionalDependencies and optional peers. */
interface Edge {
  from: string;
  to: string;
  optional: boolean;
}

/**
 * The lockfile's dependency graph, as npm loads it before installing anything: every folder's edges to the folders
 * its dependencies resolve to (dev dependencies of the root, dependencies, optional ones and peers; a workspace's link
 * to its folder), and each folder's edges in.
 */
function dependencyGraph(lock: Lockfile) {
  const out = new Map<string, Edge[]>();
  const into = new Map<string, Edge[]>();
  for (const [from, entry] of Object.entries(lock.packages)) {
    const named: [string, boolean][] = [
      ...Object.keys(entry.dependencies ?? {}).map((name): [string, boolean] => [name, false]),
      ...Object.keys(from === "" ? (entry.devDependencies ?? {}) : {}).map((name): [string, boolean] => [name, false]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name): [string, boolean] => [name, true]),
      ...Object.keys(entry.peerDependencies ?? {}).map((name): [string, boolean] => [
        name,
        entry.peerDependenciesMeta?.[name]?.optional === true,
      ]),
    ];
    const edges: Edge[] = [];
    if (entry.link && entry.resolved) edges.push({ from, to: entry.resolved, optional: false });
    // The root's workspaces, linked into its node_modules.
    if (from === "")
      for (const [location, other] of Object.entries(lock.packages))
        if (other.link) edges.push({ from, to: location, optional: false });
    for (const [name, optional] of named) {
      const to = resolve(lock, from, name);
      if (to) edges.push({ from, to, optional });
      else if (!optional)
        throw new Error(`package-lock.json: ${from || "the root"} depends on ${name}, which it does not pin`);
    }
    out.set(from, edges);
    for (const edge of edges) into.set(edge.to, [...(into.get(edge.to) ?? []), edge]);
  }
  return { out: (location: string) => out.get(location) ?? [], into: (location: string) => into.get(location) ?? [] };
}

/**
 * What npm leaves out with an optional package that cannot be installed here (arborist's optionalSet, which marks it
 * "inert"): the package, what requires it, and what they reach that nothing else requires, a package already left out
 * requiring nothing.
 */
function optionalSet(graph: ReturnType<typeof dependencyGraph>, failed: string, inert: Set<string>): Set<string> {
  const set = new Set([failed]);
  for (const location of set) for (const edge of graph.into(location)) if (!edge.optional) set.add(edge.from);
  const counts = (edge: Edge) => !set.has(edge.to) && !inert.has(edge.from);
  const deps = new Set(set);
  for (const location of deps) for (const edge of graph.out(location)) if (counts(edge)) deps.add(edge.to);
  for (let changed = true; changed && deps.size > 0;) {
    changed = false;
    for (const location of deps) {
      if (graph.into(location).some((edge) => !deps.has(edge.from) && counts(edge))) {
        deps.delete(location);
        changed = true;
      }
    }
  }
  return deps;
}

/**
 * The folders (package-lock.json's keys) that `npm ci` installs from `lock`, as npm decides: what the root package,
 * or with `--workspace` that workspace, reaches through its dependencies, optional ones and peers (an optional peer
 * where the lockfile has it), at the folders the lockfile gives; with `--omit=dev`, not what only dev dependencies
 * reach. An optional package whose `os`, `cpu` or `libc` does not fit `platform`, or whose `engines` this Node does not
 * meet, is left out, with what only it needs (in the lockfile's order, as npm goes). A workspace is installed as npm
 * does: its folder and the link to it in node_modules. The keys come in the lockfile's order, each with its entry,
 * which is what npm writes in node_modules/.package-lock.json. The image tests compare it with what npm itself says
 * (npmCiAdds).
 */
export function lockfileInstall(
  lock: Lockfile,
  options: InstallOptions,
  platform: Platform = thisPlatform(),
): Map<string, LockEntry> {
  const start = options.workspace ?? "";
  if (!(start in lock.packages)) throw new Error(`package-lock.json has no package at ${start || "the root"}`);
  const graph = dependencyGraph(lock);
  const inert = new Set<string>();
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (entry.optional && !inert.has(location) && !(fitsPlatform(entry, platform) && fitsNode(entry)))
      for (const left of optionalSet(graph, location, inert)) inert.add(left);
  }
  const reached = new Set([start]);
  for (const location of reached) for (const edge of graph.out(location)) reached.add(edge.to);
  // A workspace is linked into the root's node_modules by its name.
  for (const edge of graph.into(start)) if (lock.packages[edge.from].link) reached.add(edge.from);
  const dropped = (location: string) => inert.has(location) || (options.omitDev && lock.packages[location].dev);
  const installed = [...reached].filter((location) => {
    if (location === "" || dropped(location)) return false;
    // Nor what lies in the folder of a package left out.
    for (
      let cut = location.lastIndexOf("/node_modules/");
      cut > 0;
      cut = location.lastIndexOf("/node_modules/", cut - 1)
    )
      if (dropped(location.slice(0, cut))) return false;
    return true;
  });
  for (const location of installed) {
    if (!fitsPlatform(lock.packages[location], platform))
      throw new Error(`${location} does not install on ${platform.os} ${platform.cpu}, and is not optional`);
  }
  const set = new Set(installed);
  return new Map(Object.entries(lock.packages).filter(([location]) => set.has(location)));
}

/** The package name of a node_modules folder (`node_modules/a/node_modules/@s/b` is `@s/b`). */
export const packageName = (location: string) => location.slice(location.lastIndexOf("node_modules/") + 13);

/** `name@version` of each package installed at the folders of `install`, sorted: what `npm ci` says it adds. */
export function addedPackages(install: Map<string, LockEntry>, lock: Lockfile): string[] {
  return [...install]
    .filter(([location]) => location.includes("node_modules/"))
    .map(([location, entry]) => {
      const version = entry.link ? lock.packages[entry.resolved ?? ""]?.version : entry.version;
      return `${packageName(location)}@${version ?? ""}`;
    })
    .sort();
}

/** The packages of `install` in node_modules, as `packagesIn` reads them: each folder with its version, a link as `link`. */
export function installedFolders(install: Map<string, LockEntry>): Map<string, string> {
  return new Map(
    [...install]
      .filter(([location]) => location.startsWith("node_modules/"))
      .map(([location, entry]) => [location, entry.link ? "link" : (entry.version ?? "")]),
  );
}

/**
 * Every package in `dir`'s node_modules, at any depth, read from the folders themselves: its folder
 * (`node_modules/a/node_modules/b`) and its version; a link (a workspace's) as `link`.
 */
export function packagesIn(dir: string, folder = "node_modules"): Map<string, string> {
  const found = new Map<string, string>();
  const full = path.join(dir, folder);
  if (!fs.existsSync(full)) return found;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    if (entry.name.startsWith("@") && entry.isDirectory()) {
      for (const scoped of packagesIn(dir, `${folder}/${entry.name}`)) found.set(...scoped);
      continue;
    }
    const location = `${folder}/${entry.name}`;
    if (entry.isSymbolicLink()) {
      found.set(location, "link");
      continue;
    }
    const manifest = path.join(dir, location, "package.json");
    if (!fs.existsSync(manifest)) continue;
    found.set(location, (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version?: string }).version ?? "");
    for (const nested of packagesIn(dir, `${location}/node_modules`)) found.set(...nested);
  }
  return found;
}

/**
 * What `npm ci <args> --dry-run` says it would add (`name@version`, sorted), in a folder holding only `files` (a path
 * relative to it and the text): the packages npm itself would install from those manifests and that lockfile,
 * downloading nothing.
 */
export async function npmCiAdds(files: Record<string, string>, args: string[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-npm-ci-"));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const { stdout } = await promisify(execFile)(
      "npm",
      ["ci", ...args, "--dry-run", "--no-audit", "--no-fund", "--loglevel=error"],
      { cwd: dir, env: { ...process.env, npm_config_update_notifier: "false" }, maxBuffer: 16 * 1024 * 1024 },
    );
    return [...stdout.matchAll(/^add (\S+) (\S+)$/gm)]
      .map(([, name, version]) => `${name}@${version === "undefined" ? "" : version}`)
      .sort();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Each file under `from`, linked (or, across file systems, copied) to the same place under `to`; `skip` folders left out. */
function linkTree(from: string, to: string, skip: (relative: string) => boolean, relative = "") {
  fs.mkdirSync(path.join(to, relative), { recursive: true });
  for (const entry of fs.readdirSync(path.join(from, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (skip(child)) continue;
    const source = path.join(from, child);
    const target = path.join(to, child);
    if (entry.isDirectory()) linkTree(from, to, skip, child);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else {
      try {
        fs.linkSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        fs.copyFileSync(source, target);
      }
    }
  }
}

/** The packages that `patch-package` changes in the checkout's node_modules (patches/<name>+<version>.patch). */
function patchedPackages(root: string): Set<string> {
  const dir = path.join(root, "patches");
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".patch"))
      .map((file) => file.replace(/\+[^+]*\.patch$/, "").replaceAll("+", "/")),
  );
}

/**
 * Lays out in `dir` the node_modules that `npm ci <options> --ignore-scripts` installs there from `lock`, without npm's
 * download, unpacking and copying of several hundred megabytes: each package's files are hard links to the same
 * package in the checkout's node_modules at `root` (which `npm ci` installed from the same lockfile, at the same
 * folders; a package's own node_modules is laid out as a package of its own), its version checked against the
 * lockfile's. A package whose install script ran in the checkout (`hasInstallScript`: better-sqlite3's compiled addon,
 * esbuild's binary put in place) or that the checkout patched (patches/) is unpacked as npm packs it instead, so that
 * the layout holds what the image's install, which runs no script, holds. Then what npm adds: the workspace's link, the commands in node_modules/.bin
 * (each folder's own) and node_modules/.package-lock.json. Returns the folders installed.
 *
 * A linked file is the checkout's file: what runs in the layout may add files and folders (Vite's and the editor's
 * caches are folders of their own), never change a package's files in place.
 */
export function layOutInstall(root: string, lock: Lockfile, options: InstallOptions, dir: string) {
  const install = lockfileInstall(lock, options);
  const patched = patchedPackages(root);
  const unpacked: [string, LockEntry][] = [];
  for (const [location, entry] of install) {
    if (!location.startsWith("node_modules/")) continue;
    if (entry.link) {
      fs.mkdirSync(path.dirname(path.join(dir, location)), { recursive: true });
      fs.symlinkSync(
        path.relative(path.dirname(path.join(dir, location)), path.join(dir, entry.resolved ?? "")),
        path.join(dir, location),
      );
      continue;
    }
    // A package the checkout patched (patches/, by its postinstall) is not what the image's install, which runs no
    // script, holds: it is unpacked from its tarball, as one whose install script ran.
    if (entry.hasInstallScript || patched.has(packageName(location))) {
      unpacked.push([location, entry]);
      continue;
    }
    const source = path.join(root, location);
    let version: string | undefined;
    try {
      version = (JSON.parse(fs.readFileSync(path.join(source, "package.json"), "utf8")) as { version?: string })
        .version;
    } catch {
      version = undefined;
    }
    if (version !== entry.version) {
      throw new Error(
        `${location} is ${version ?? "not installed"} in the checkout where package-lock.json pins ${entry.version}: run \`npm ci\``,
      );
    }
    linkTree(source, path.join(dir, location), (relative) => relative === "node_modules");
  }
  if (unpacked.length) unpack(unpacked, dir);
  linkCommands(install, dir);
  const hidden: Lockfile = {
    name: lock.name,
    version: lock.version,
    lockfileVersion: lock.lockfileVersion,
    requires: lock.requires,
    packages: Object.fromEntries(install),
  };
  fs.mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  fs.writeFileSync(path.join(dir, "node_modules/.package-lock.json"), `${JSON.stringify(hidden, null, 2)}\n`);
  return install;
}

/**
 * The tarball of `integrity` in npm's cache (its content-addressed store, `_cacache/content-v2`, which the checkout's
 * `npm ci` filled), its digest checked; undefined where it is not there.
 */
function cachedTarball(integrity: string | undefined): string | undefined {
  const [algorithm, digest] = integrity?.split(/-(.*)/s) ?? [];
  if (!algorithm || !digest) return undefined;
  const hex = Buffer.from(digest, "base64").toString("hex");
  const cache = process.env.npm_config_cache ?? path.join(os.homedir(), ".npm");
  const file = path.join(cache, "_cacache", "content-v2", algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
  try {
    return crypto.createHash(algorithm).update(fs.readFileSync(file)).digest("base64") === digest ? file : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The packages at `packages`, unpacked from their tarballs as npm unpacks them: from npm's cache, else as `npm pack`
 * fetches them (its cache first), their integrity checked.
 */
function unpack(packages: [string, LockEntry][], dir: string) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-npm-pack-"));
  try {
    const tarballs = packages.map(([, entry]) => cachedTarball(entry.integrity));
    const missing = packages.filter((_, i) => tarballs[i] === undefined);
    if (missing.length) {
      const specs = missing.map(([location, entry]) => `${packageName(location)}@${entry.version}`);
      const packed = JSON.parse(
        execFileSync("npm", ["pack", ...specs, "--prefer-offline", "--json", "--pack-destination", scratch], {
          cwd: scratch,
          encoding: "utf8",
          env: { ...process.env, npm_config_update_notifier: "false" },
        }),
      ) as { filename: string; integrity: string }[];
      missing.forEach(([, entry], i) => {
        if (packed[i].integrity !== entry.integrity) {
          throw new Error(`npm pack ${specs[i]}: its integrity is not package-lock.json's`);
        }
        tarballs[packages.findIndex(([, other]) => other === entry)] = path.join(scratch, packed[i].filename);
      });
    }
    packages.forEach(([location], i) => {
      const target = path.join(dir, location);
      fs.mkdirSync(target, { recursive: true });
      execFileSync("tar", ["-xzf", tarballs[i]!, "--strip-components=1", "-C", target]);
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The commands the packages name (`bin`), linked into the node_modules/.bin of the folder that holds each. */
function linkCommands(install: Map<string, LockEntry>, dir: string) {
  for (const [location, entry] of install) {
    if (!entry.bin || entry.link) continue;
    const bins = path.join(dir, location.slice(0, location.lastIndexOf("node_modules/") + 12), ".bin");
    fs.mkdirSync(bins, { recursive: true });
    for (const [command, file] of Object.entries(entry.bin)) {
      // The first package to name a command has it, as npm links them in the lockfile's order.
      try {
        fs.symlinkSync(path.relative(bins, path.join(dir, location, file)), path.join(bins, command));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
  }
}
