// @vitest-environment node
import { describe, expect, it } from "vitest";
import { loadTeamConfig } from "./config.ts";

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
      secureCookies: true,
      oidc: { issuer: new URL("https://accounts.google.com"), clientId: "client", clientSecret: "secret" },
      mail: undefined,
      databaseUrl: undefined,
      sqlitePath: "data/editor-team.db",
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
