import { catalogueError, teamConfigErrors } from "../../contract/errors.ts";
import { FORGES, type ForgeSite, forgeSiteOf, shownAddress, tokenSettingOf } from "../forge/forge-site.ts";
import { previewBaseOf } from "./previews/preview-hosts.ts";

/** The team editor's settings, read from the environment (docs/team-editor.md lists them). */
export interface TeamConfig {
  /** The address people open; every write must come from its origin, and callbacks go to it. */
  publicUrl: URL;
  /** The name each review request's preview is served under, as `<number>.<its host>` (EDIT_TEAM_PREVIEW_URL). */
  previewUrl: URL;
  /** Whether each open review request gets a live preview, built by this editor (EDIT_TEAM_PREVIEWS, on unless off). */
  previews: boolean;
  /** Cookies carry Secure unless EDIT_TEAM_INSECURE_COOKIES is set for http://localhost. */
  secureCookies: boolean;
  oidc?: { issuer: URL; clientId: string; clientSecret: string };
  mail?: { smtpUrl: string; from: string };
  /**
   * Sign-in links printed in the terminal that started the editor instead of mailed (EDIT_TEAM_LINKS_TO_TERMINAL=1):
   * for trying the team editor on one machine, so allowed only on a loopback address.
   */
  linksToTerminal?: boolean;
  /** PostgreSQL, shared by several editor instances; when unset, the SQLite file below. */
  databaseUrl?: string;
  /** The SQLite file of sessions, sign-in links, attempts and the audit log. */
  sqlitePath: string;
}

/** The site's repository the copies are cloned from and publish to, and which setting gave it (for messages). */
export interface TeamSource {
  /** As git clones it: an address, or an absolute path on this machine. */
  address: string;
  from: string;
}

type Env = Record<string, string | undefined>;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const parseUrl = (raw: string | undefined): URL | undefined => {
  if (!raw) return undefined;
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
};

/** Whether an address is this machine's own, http:// on localhost or 127.0.0.1. */
export const isLoopback = (url: URL): boolean => url.protocol === "http:" && LOOPBACK.has(url.hostname);

/** https://, or http:// on this machine only: a token must never cross a network in clear. */
const safeUrl = (url: URL | undefined): url is URL =>
  url !== undefined && (url.protocol === "https:" || isLoopback(url));

function oidcConfig(env: Env): TeamConfig["oidc"] {
  const names = ["EDIT_OIDC_ISSUER", "EDIT_OIDC_CLIENT_ID", "EDIT_OIDC_CLIENT_SECRET"] as const;
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length > 0) throw catalogueError(teamConfigErrors.oidcIncomplete, { missing: missing.join(", ") });
  const issuer = parseUrl(env.EDIT_OIDC_ISSUER);
  if (!safeUrl(issuer)) throw catalogueError(teamConfigErrors.oidcIssuer);
  return { issuer, clientId: env.EDIT_OIDC_CLIENT_ID ?? "", clientSecret: env.EDIT_OIDC_CLIENT_SECRET ?? "" };
}

/** A sender's address: the whole setting, or what is between its `<` and `>` after a display name. */
const senderAddress = (from: string) => (/^[^<>]*<([^<>]*)>$/.exec(from)?.[1] ?? from).trim();

function mailConfig(env: Env): TeamConfig["mail"] {
  const smtpUrl = env.SMTP_URL;
  const from = env.EDIT_TEAM_MAIL_FROM?.trim();
  if (!smtpUrl && !from) return undefined;
  const protocol = parseUrl(smtpUrl)?.protocol;
  if (!smtpUrl || !from || (protocol !== "smtp:" && protocol !== "smtps:")) {
    throw catalogueError(teamConfigErrors.mailIncomplete);
  }
  // An address, alone or with a display name ("Page editor <editor@company.com>"), as mail clients show senders.
  if (!ADDRESS.test(senderAddress(from))) throw catalogueError(teamConfigErrors.mailFrom, { from });
  return { smtpUrl, from };
}

/** Reads the settings, refusing (with the catalogue's entry) any that is incomplete or unsafe. */
export function loadTeamConfig(env: Env = process.env): TeamConfig {
  const publicUrl = parseUrl(env.EDIT_TEAM_URL);
  if (!safeUrl(publicUrl)) throw catalogueError(teamConfigErrors.publicUrl);
  const insecure = env.EDIT_TEAM_INSECURE_COOKIES === "1";
  if (insecure && publicUrl.protocol !== "http:") throw catalogueError(teamConfigErrors.insecureCookies);
  const oidc = oidcConfig(env);
  const mail = mailConfig(env);
  const linksToTerminal = env.EDIT_TEAM_LINKS_TO_TERMINAL === "1";
  if (linksToTerminal && !isLoopback(publicUrl)) throw catalogueError(teamConfigErrors.linksToTerminal);
  if (!oidc && !mail && !linksToTerminal) throw catalogueError(teamConfigErrors.noSignIn);
  const databaseUrl = env.EDIT_TEAM_DATABASE_URL || undefined;
  const databaseProtocol = parseUrl(databaseUrl)?.protocol;
  if (databaseUrl && databaseProtocol !== "postgres:" && databaseProtocol !== "postgresql:") {
    throw catalogueError(teamConfigErrors.databaseUrl);
  }
  const previewUrl = previewBaseOf(publicUrl, env.EDIT_TEAM_PREVIEW_URL || undefined);
  const previewsSetting = env.EDIT_TEAM_PREVIEWS ?? "";
  if (!["", "on", "off"].includes(previewsSetting))
    throw catalogueError(teamConfigErrors.previews, { value: previewsSetting });
  return {
    publicUrl,
    previewUrl,
    previews: previewsSetting !== "off",
    secureCookies: !insecure,
    oidc,
    mail,
    ...(linksToTerminal ? { linksToTerminal } : {}),
    databaseUrl,
    sqlitePath: env.EDIT_TEAM_SQLITE || "data/editor-team.db",
  };
}

const FORGE_KINDS = ["github", "gitlab"] as const;

/**
 * The forge the site's repository is on (docs/team-editor.md, How the editor finds its forge), refusing at start what
 * would only fail later: a forge's address setting that is not one, a repository named in another shape, and a token
 * set while the source's address names no forge, so that it would never be used.
 */
export function checkForgeSettings(source: TeamSource, env: Env): ForgeSite | undefined {
  for (const kind of FORGE_KINDS) {
    const forge = FORGES[kind];
    const host = kind === "github" ? "github.company.com" : "gitlab.company.com";
    for (const [setting, example] of [
      [forge.server, `https://${host}`],
      [forge.api, `https://${host}${forge.apiPath}`],
    ] as const) {
      const value = env[setting];
      if (value && !safeUrl(parseUrl(value)))
        throw catalogueError(teamConfigErrors.forgeUrl, { setting, value, example });
    }
    const named = env[forge.named];
    if (named && !forge.repository.test(named.trim().replace(/\.git$/, "")))
      throw catalogueError(teamConfigErrors.forgeRepository, {
        setting: forge.named,
        value: named,
        example: forge.example,
      });
  }
  const site = forgeSiteOf(source.address, env);
  const tokens = FORGE_KINDS.map((kind) => tokenSettingOf(kind, env)).filter(Boolean);
  if (!site && tokens.length > 0) {
    throw catalogueError(teamConfigErrors.forgeNotFound, {
      token: tokens.join(" and "),
      address: shownAddress(source.address),
      from: source.from,
    });
  }
  return site;
}
