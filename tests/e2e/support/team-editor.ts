import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { CALLBACK_PATH } from "../../../editor/team/oidc.ts";
import type { People } from "../../../editor/team/people.ts";
import {
  siteRemote,
  type SiteRemote,
  startTeamEditor,
  type TeamEditorProcess,
} from "../../support/editor/team/test-process.ts";
import { startTestProvider, type TestProvider } from "../../support/editor/team/test-provider.ts";
import { freePort } from "../../../scripts/measure/serve.ts";
import { DESKTOP, launch } from "./browser.ts";
import { screenshots } from "./shots.ts";

/** How long a step of a team editor's browser test may take, on a machine shared with other suites. */
export const TEAM_WAIT = 60_000;

/** The provider's accounts, by the id typed at its login form. */
export type Accounts = Record<string, { email: string; email_verified: boolean; name: string }>;

export interface TeamEditorSuite {
  site: SiteRemote;
  provider: TestProvider;
  editor: TeamEditorProcess;
  /** The editor's address. */
  origin: string;
  browser: Browser;
}

/**
 * What a suite adds to the editor's environment once the site's repository is made, before the editor starts (the
 * forge a suite scripts: tests/e2e/support/scripted-forge.ts).
 */
export type SuiteSetting = (site: SiteRemote) => Promise<NodeJS.ProcessEnv>;

/**
 * `npm run edit:team` on a site repository of its own, signed in through a real OpenID Connect provider
 * (`oidc-provider`, its own login and consent pages), and a browser, for the suite that calls this; gone after it.
 */
export function teamEditorSuite(accounts: Accounts, people: People, setting?: SuiteSetting): TeamEditorSuite {
  const suite = {} as TeamEditorSuite;
  beforeAll(async () => {
    suite.site = siteRemote(people);
    const added = (await setting?.(suite.site)) ?? {};
    const port = await freePort();
    suite.origin = `http://127.0.0.1:${port}`;
    suite.provider = await startTestProvider(accounts, new URL(CALLBACK_PATH, suite.origin));
    suite.editor = await startTeamEditor(suite.site, {
      EDIT_TEAM_URL: suite.origin,
      EDIT_TEAM_INSECURE_COOKIES: "1",
      EDIT_TEAM_PORT: String(port),
      EDIT_TEAM_SQLITE: path.join(suite.site.top, "team.sqlite"),
      EDIT_TEAM_WORK_DIR: path.join(suite.site.top, "work"),
      EDIT_OIDC_ISSUER: suite.provider.issuer.href,
      EDIT_OIDC_CLIENT_ID: suite.provider.clientId,
      EDIT_OIDC_CLIENT_SECRET: suite.provider.clientSecret,
      ...added,
    });
    suite.browser = await launch();
  }, 200_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.editor?.kill("SIGTERM");
    await suite.provider?.stop();
    suite.site?.remove();
  });
  return suite;
}

/** A browser of its own (no cookie of anyone else's), on the editor's address. */
export async function newTab(suite: TeamEditorSuite): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  context.setDefaultTimeout(TEAM_WAIT);
  // The provider's development pages ask for a web font; this machine has no network, and needs none.
  await context.route(/^https:\/\/fonts\./, (route) => route.abort());
  return context.newPage();
}

/**
 * Signs in as the provider's `account` from the editor's sign-in page, as a person does; ends on the page list.
 * `withScreenshots` takes the sign-in page's screenshots on the way (with E2E_SHOTS_DIR).
 */
export async function signIn(
  suite: TeamEditorSuite,
  page: Page,
  account: string,
  withScreenshots = false,
): Promise<void> {
  await page.goto(suite.origin);
  await page.getByRole("heading", { name: "Sign in to the page editor", level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/team/sign-in");
  if (withScreenshots) await screenshots(page, "team-sign-in");
  await page.getByRole("link", { name: "Continue with your company account" }).click();
  // The provider's own login page, then its consent page.
  await page.waitForURL((url) => url.origin === suite.provider.issuer.origin);
  await page.getByPlaceholder("Enter any login").fill(account);
  await page.getByPlaceholder("and password").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
  expect(page.url()).toBe(`${suite.origin}/`);
}
