import fs from "node:fs";
import path from "node:path";
import { REDIRECTS_MANIFEST_FILE, type Redirect } from "./redirects.ts";

/** The file in which a build lists its redirects: beside the site's folder (client/), as api-origin.json is. */
export const redirectsManifestOf = (siteDir: string) => path.join(path.dirname(siteDir), REDIRECTS_MANIFEST_FILE);

/** The redirects the build of the site in `siteDir` (its client/) listed: none when it has none. */
export function builtRedirects(siteDir: string): Redirect[] {
  const file = redirectsManifestOf(siteDir);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { redirects: Redirect[] }).redirects : [];
}
