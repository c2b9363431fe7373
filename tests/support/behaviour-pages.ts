import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../toolchain/paths.ts";

/** The pages of the behaviours browser suite's own (tests/e2e/fixtures/behaviours/), served under this prefix. */
export const BEHAVIOURS_PREFIX = "/behaviours/";
export const BEHAVIOURS_FIXTURES = path.join(ROOT, "tests", "e2e", "fixtures", "behaviours");

/**
 * A copy of `configDir` (site.json and the site's pages: the chrome the fixture pages are shown in) with the fixture
 * pages under pages/behaviours/, for SITE_CONFIG_DIR; the schemas are linked beside it for the `$schema` check.
 */
export function writeBehavioursConfig(configDir: string, target: string): void {
  fs.cpSync(configDir, target, { recursive: true });
  fs.cpSync(BEHAVIOURS_FIXTURES, path.join(target, "pages", "behaviours"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "schemas"), path.join(path.dirname(target), "schemas"));
}
