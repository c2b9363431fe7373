/** Site paths as the browser requests them, and the files under public/ that answer them. */
import fs from "node:fs";
import path from "node:path";
import { configErrors } from "../../contract/errors.ts";
import { type Described, described } from "./problems.ts";

/** Where the browser goes for a site path: '.' and '..' segments (also written %2e) resolved, as it requests them. */
export const browserPath = (value: string) => new URL(value, "https://site.invalid").pathname;

/** The file under public/ that a browser requesting this path gets, if there is one (a folder answers nothing). */
export function publicFile(publicDir: string, value: string): string | undefined {
  try {
    const file = path.join(publicDir, decodeURIComponent(browserPath(value)));
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : undefined;
  } catch {
    return undefined; // malformed percent-encoding: no file answers it
  }
}

/**
 * What is wrong with a path that the browser would not request as written: a protocol-relative '//host' (or '/\host',
 * which browsers read the same) goes to another site, and '.' or '..' segments are resolved before the request.
 */
export function oddSitePath(pointer: string, value: string): Described | undefined {
  if (/^[/\\]{2}/.test(value)) return described(pointer, configErrors.protocolRelative, { value });
  if (!value.startsWith("/")) return undefined;
  const sitePath = value.split(/[?#]/)[0];
  const resolved = browserPath(sitePath);
  return resolved !== sitePath && /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(sitePath)
    ? described(pointer, configErrors.dotSegment, { value, resolved })
    : undefined;
}
