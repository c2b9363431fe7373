/**
 * After `npm ci` in CI (.ci/run): keeps the better-sqlite3 binary that the install compiled where prebuild-install
 * looks before it downloads one, its own cache in npm's (named from the download's address, which prebuild-install's
 * own functions give here), so that the next install unpacks it instead of compiling SQLite again (about 100 s of one
 * core: this network reaches no prebuilt binary). A binary already kept is left as it is; a new version of the
 * package, of Node or of the platform has another address, and compiles once more.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT } from "../../toolchain/paths.ts";

interface PrebuildUtil {
  getDownloadUrl(options: object): string;
  cachedPrebuild(url: string): string;
}

const packageDir = path.join(ROOT, "node_modules", "better-sqlite3");
const require = createRequire(path.join(packageDir, "package.json"));
const pkg = require("./package.json") as object;
const options = (require("prebuild-install/rc") as (pkg: object) => object)(pkg);
const util = require("prebuild-install/util") as PrebuildUtil;
const kept = util.cachedPrebuild(util.getDownloadUrl({ ...options, pkg }));

if (!fs.existsSync(kept)) {
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  const partial = `${kept}.${process.pid}.tmp`;
  execFileSync("tar", ["-czf", partial, "-C", packageDir, "build/Release/better_sqlite3.node"]);
  fs.renameSync(partial, kept);
}
