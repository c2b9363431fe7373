import { catalogueError, teamPreviewErrors } from "../../../contract/errors.ts";

/**
 * Each review request's preview has an origin of its own, `<number>.<preview name>`: the built site's absolute
 * addresses work unchanged at its root, and what a preview's pages run can read neither the editor's cookies nor
 * another request's.
 */
export interface PreviewHosts {
  /** `http://12.preview.localhost:4400` for request 12. */
  originOf: (number: number) => string;
  /** The request a Host header names, when it is a preview's; undefined for any other name. */
  numberOf: (host: string | undefined) => number | undefined;
  /** Whether previews are served over https (their cookies then carry Secure). */
  secure: boolean;
}

const IP_ADDRESS = /^(\d+\.){3}\d+$|^\[/;
const REQUEST_NUMBER = /^[1-9][0-9]{0,9}$/;
const MAX_REQUEST_NUMBER = 2 ** 31;

/**
 * The name previews are served under: `EDIT_TEAM_PREVIEW_URL` when set, else `preview.` before the editor's name
 * (`preview.localhost` with the editor's port for an editor on this machine, where Chromium and curl resolve every
 * `*.localhost` to it). Refuses a setting that is not https:// (http:// only under localhost), an address that carries a path, a
 * query or credentials, names an IP address (no wildcard name lives under one), or would make the editor's own name a
 * preview's.
 */
export function previewBaseOf(publicUrl: URL, setting: string | undefined): URL {
  const base = setting ? parsed(setting) : defaultBase(publicUrl);
  const local = base?.hostname === "localhost" || base?.hostname.endsWith(".localhost");
  const valid =
    base !== undefined &&
    // The default follows the editor's own scheme: an editor a team runs over http on its network previews so too.
    (base.protocol === "https:" || (base.protocol === "http:" && (local || !setting))) &&
    base.pathname === "/" &&
    !base.search &&
    !base.hash &&
    !base.username &&
    !base.password &&
    !IP_ADDRESS.test(base.hostname) &&
    base.hostname !== publicUrl.hostname &&
    !previewHostsOf(base).numberOf(publicUrl.host);
  if (!valid) throw catalogueError(teamPreviewErrors.previewUrl);
  return base;
}

const parsed = (raw: string): URL | undefined => {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
};

function defaultBase(publicUrl: URL): URL {
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(publicUrl.hostname);
  const base = new URL(publicUrl.origin);
  base.hostname = loopback ? "preview.localhost" : `preview.${publicUrl.hostname}`;
  return base;
}

/** The preview origins under `base` (from `previewBaseOf`). */
export function previewHostsOf(base: URL): PreviewHosts {
  const suffix = `.${base.host}`.toLowerCase();
  return {
    originOf: (number) => `${base.protocol}//${number}${suffix}`,
    numberOf: (host) => {
      const name = host?.toLowerCase();
      if (!name?.endsWith(suffix)) return undefined;
      const label = name.slice(0, -suffix.length);
      if (!REQUEST_NUMBER.test(label)) return undefined;
      const number = Number(label);
      return number <= MAX_REQUEST_NUMBER ? number : undefined;
    },
    secure: base.protocol === "https:",
  };
}
