// @vitest-environment node
import { describe, expect, it } from "vitest";
import { checkForgeSettings, loadTeamConfig, type TeamSource } from "./config.ts";

const OIDC = {
  EDIT_TEAM_URL: "https://edit.company.com",
  EDIT_OIDC_ISSUER: "https://accounts.google.com",
  EDIT_OIDC_CLIENT_ID: "client",
  EDIT_OIDC_CLIENT_SECRET: "secret",
};

const refusal = (env: Record<string, string>) => {
  try {
    loadTeamConfig(env);
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error("accepted");
};

describe("the team editor's settings", () => {
  it("reads a provider's settings, with Secure cookies and the default database", () => {
    expect(loadTeamConfig(OIDC)).toEqual({
      publicUrl: new URL("https://edit.company.com"),
      previewUrl: new URL("https://preview.edit.company.com"),
      previews: true,
      secureCookies: true,
      oidc: { issuer: new URL("https://accounts.google.com"), clientId: "client", clientSecret: "secret" },
      mail: undefined,
      databaseUrl: undefined,
      sqlitePath: "data/editor-team.db",
    });
  });

  it("builds previews unless EDIT_TEAM_PREVIEWS is off, and refuses another value with the catalogue's message", () => {
    expect(loadTeamConfig({ ...OIDC, EDIT_TEAM_PREVIEWS: "on" }).previews).toBe(true);
    expect(loadTeamConfig({ ...OIDC, EDIT_TEAM_PREVIEWS: "off" }).previews).toBe(false);
    expect(refusal({ ...OIDC, EDIT_TEAM_PREVIEWS: "no" })).toEqual({
      code: "TEAM_PREVIEWS_SETTING",
      message: "EDIT_TEAM_PREVIEWS is “no”: it is on or off",
    });
  });

  it("prints sign-in links in the terminal on this machine, with no provider and no mail server", () => {
    const config = loadTeamConfig({
      EDIT_TEAM_URL: "http://localhost:4400",
      EDIT_TEAM_INSECURE_COOKIES: "1",
      EDIT_TEAM_LINKS_TO_TERMINAL: "1",
    });
    expect(config).toMatchObject({ linksToTerminal: true, oidc: undefined, mail: undefined, secureCookies: false });
  });

  it("reads the e-mailed links' settings", () => {
    const config = loadTeamConfig({
      EDIT_TEAM_URL: "http://localhost:5175",
      EDIT_TEAM_INSECURE_COOKIES: "1",
      SMTP_URL: "smtp://mail.company.com:587",
      EDIT_TEAM_MAIL_FROM: "editor@company.com",
    });
    expect(config.mail).toEqual({ smtpUrl: "smtp://mail.company.com:587", from: "editor@company.com" });
    // A sender with a display name, as mail clients show it.
    const named = {
      ...OIDC,
      SMTP_URL: "smtps://mail.company.com",
      EDIT_TEAM_MAIL_FROM: "Page editor <editor@example.com>",
    };
    expect(loadTeamConfig(named).mail).toEqual({
      smtpUrl: "smtps://mail.company.com",
      from: "Page editor <editor@example.com>",
    });
    expect(config.secureCookies).toBe(false);
    expect(loadTeamConfig({ ...OIDC, EDIT_TEAM_DATABASE_URL: "postgres://db/editor" }).databaseUrl).toBe(
      "postgres://db/editor",
    );
  });

  it("refuses what is missing, incomplete or unsafe, with the catalogue's message", () => {
    expect(refusal({ ...OIDC, EDIT_TEAM_URL: "http://edit.company.com" })).toEqual({
      code: "TEAM_PUBLIC_URL",
      message: "EDIT_TEAM_URL must be the editor's public address, such as https://edit.company.com",
    });
    expect(refusal({ ...OIDC, EDIT_OIDC_CLIENT_SECRET: "" })).toEqual({
      code: "TEAM_OIDC_INCOMPLETE",
      message: "sign-in with the team's provider needs EDIT_OIDC_CLIENT_SECRET",
    });
    expect(refusal({ ...OIDC, EDIT_OIDC_ISSUER: "http://sso.company.com" })).toEqual({
      code: "TEAM_OIDC_ISSUER",
      message: "EDIT_OIDC_ISSUER must be an https:// address (http:// only on localhost)",
    });
    expect(refusal({ ...OIDC, SMTP_URL: "smtp://mail.company.com" })).toEqual({
      code: "TEAM_MAIL_INCOMPLETE",
      message: "sign-in by e-mailed link needs SMTP_URL (smtp:// or smtps://) and EDIT_TEAM_MAIL_FROM (an address)",
    });
    // Both set, but the sender is no address: said as such, not as a setting left out.
    for (const from of ["Page editor", "Page editor <editor>", "editor@company"])
      expect(refusal({ ...OIDC, SMTP_URL: "smtp://mail.company.com", EDIT_TEAM_MAIL_FROM: from })).toEqual({
        code: "TEAM_MAIL_FROM",
        message: `EDIT_TEAM_MAIL_FROM must be the address the mails come from, alone or after a name; it is '${from}'`,
      });
    expect(refusal({ EDIT_TEAM_URL: "https://edit.company.com" })).toEqual({
      code: "TEAM_NO_SIGN_IN",
      message:
        "the team editor needs sign-in with a provider (EDIT_OIDC_*) or by e-mailed link (SMTP_URL, EDIT_TEAM_MAIL_FROM)",
    });
    expect(refusal({ ...OIDC, EDIT_TEAM_DATABASE_URL: "mysql://db/editor" })).toEqual({
      code: "TEAM_DATABASE_URL",
      message: "EDIT_TEAM_DATABASE_URL must be a postgres:// or postgresql:// address",
    });
    expect(refusal({ ...OIDC, EDIT_TEAM_LINKS_TO_TERMINAL: "1" })).toEqual({
      code: "TEAM_LINKS_TO_TERMINAL",
      message: "EDIT_TEAM_LINKS_TO_TERMINAL is allowed only when EDIT_TEAM_URL is http://localhost or http://127.0.0.1",
    });
    expect(refusal({ ...OIDC, EDIT_TEAM_INSECURE_COOKIES: "1" })).toEqual({
      code: "TEAM_INSECURE_COOKIES",
      message: "EDIT_TEAM_INSECURE_COOKIES is allowed only when EDIT_TEAM_URL is http://localhost or http://127.0.0.1",
    });
  });
});

describe("the team editor's forge, checked at start", () => {
  const PATH_SOURCE: TeamSource = { address: "/srv/git/site.git", from: "EDIT_TEAM_SOURCE" };
  const forgeRefusal = (source: TeamSource, env: Record<string, string>) => {
    try {
      checkForgeSettings(source, env);
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { code, message };
    }
    throw new Error("accepted");
  };

  it("refuses a token when the source's address names no forge, saying which setting gave the address", () => {
    expect(forgeRefusal(PATH_SOURCE, { GITHUB_TOKEN: "service-token" })).toEqual({
      code: "TEAM_FORGE_NOT_FOUND",
      message:
        "GITHUB_TOKEN is set, but the site's repository, /srv/git/site.git (EDIT_TEAM_SOURCE), is on no forge the editor knows, so no review request could be opened or merged with it",
    });
    const origin = {
      address: "https://deploy:secret@git.company.test/site.git",
      from: "this checkout's origin, as EDIT_TEAM_SOURCE is not set",
    };
    expect(forgeRefusal(origin, { GITLAB_TOKEN: "service-token" })).toEqual({
      code: "TEAM_FORGE_NOT_FOUND",
      message:
        "GITLAB_TOKEN is set, but the site's repository, https://git.company.test/site.git (this checkout's origin, as EDIT_TEAM_SOURCE is not set), is on no forge the editor knows, so no review request could be opened or merged with it",
    });
  });

  it("accepts the path with GITHUB_REPOSITORY naming the repository, a forge's address, and no token at all", () => {
    expect(checkForgeSettings(PATH_SOURCE, { GITHUB_TOKEN: "t", GITHUB_REPOSITORY: "voxa/site" })).toMatchObject({
      kind: "github",
      repository: "voxa/site",
      namedBy: "GITHUB_REPOSITORY",
    });
    const enterprise = { address: "git@github.company.test:voxa/site.git", from: "EDIT_TEAM_SOURCE" };
    expect(
      checkForgeSettings(enterprise, { GITHUB_TOKEN: "t", GITHUB_API_URL: "https://github.company.test/api/v3" }),
    ).toMatchObject({ kind: "github", apiUrl: "https://github.company.test/api/v3", namedBy: "address" });
    // One machine, nothing set: publishing pushes into the path, with no request.
    expect(checkForgeSettings(PATH_SOURCE, {})).toBeUndefined();
  });

  it("refuses a forge's address that is not https://, and a repository named in another shape", () => {
    expect(forgeRefusal(PATH_SOURCE, { GITHUB_API_URL: "github.company.test/api/v3" })).toEqual({
      code: "TEAM_FORGE_URL",
      message:
        "GITHUB_API_URL must be an https:// address (http:// only on localhost), such as https://github.company.com/api/v3; it is 'github.company.test/api/v3'",
    });
    expect(forgeRefusal(PATH_SOURCE, { CI_SERVER_URL: "http://gitlab.company.test" }).code).toBe("TEAM_FORGE_URL");
    expect(checkForgeSettings(PATH_SOURCE, { GITHUB_API_URL: "http://127.0.0.1:9/api/v3" })).toBeUndefined();
    expect(forgeRefusal(PATH_SOURCE, { GITHUB_REPOSITORY: "https://github.com/voxa/site" })).toEqual({
      code: "TEAM_FORGE_REPOSITORY",
      message:
        "GITHUB_REPOSITORY must name the repository by its path on the forge, such as company/site; it is 'https://github.com/voxa/site'",
    });
  });
});
