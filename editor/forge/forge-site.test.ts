// @vitest-environment node
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { detectForge } from "./detect.ts";
import { forgeSiteOf, shownAddress } from "./forge-site.ts";

const server = setupServer();
const seen: { method: string; url: string; auth: string | null }[] = [];
server.events.on("request:start", ({ request }) => {
  seen.push({
    method: request.method,
    url: request.url,
    auth: request.headers.get("authorization") ?? request.headers.get("private-token"),
  });
});
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const request = { head: "edit/about-text", base: "main", title: "About text", body: "Changes" };
const opened = { number: 7, html_url: "u7", state: "open" };

describe("the forge and the repository the site's address names", () => {
  it("takes GitHub Enterprise from the host of GITHUB_API_URL, and opens its pull requests at that API", async () => {
    const env = { GITHUB_API_URL: "https://github.company.test/api/v3", GITHUB_TOKEN: "service-token", PATH: "" };
    const address = "git@github.company.test:voxa/site.git";
    expect(forgeSiteOf(address, {})).toBeUndefined();
    expect(forgeSiteOf(address, env)).toEqual({
      kind: "github",
      name: "GitHub",
      web: "https://github.company.test",
      repository: "voxa/site",
      apiUrl: "https://github.company.test/api/v3",
      namedBy: "address",
    });
    server.use(
      http.post("https://github.company.test/api/v3/repos/voxa/site/pulls", () =>
        HttpResponse.json(opened, { status: 201 }),
      ),
    );
    const choice = (await detectForge(address, env))!;
    expect(choice.tokenFrom).toBe("GITHUB_TOKEN");
    expect(await choice.forge!.open(request)).toEqual({ number: 7, url: "u7", state: "open" });
    expect(seen).toEqual([
      { method: "POST", url: "https://github.company.test/api/v3/repos/voxa/site/pulls", auth: "token service-token" },
    ]);
    expect(choice.compareUrl("edit/about-text", "main")).toBe(
      "https://github.company.test/voxa/site/compare/main...edit/about-text?expand=1",
    );
  });

  it("finds GitHub Enterprise's API from its server alone, and GitHub Enterprise Cloud's api. host", () => {
    expect(
      forgeSiteOf("https://github.company.test/voxa/site.git", { GITHUB_SERVER_URL: "https://github.company.test" }),
    ).toMatchObject({ web: "https://github.company.test", apiUrl: "https://github.company.test/api/v3" });
    expect(
      forgeSiteOf("https://company.ghe.com/voxa/site.git", { GITHUB_API_URL: "https://api.company.ghe.com" }),
    ).toMatchObject({ web: "https://company.ghe.com", apiUrl: "https://api.company.ghe.com" });
    expect(forgeSiteOf("ssh://git@ssh.github.com:443/voxa/site.git", {})).toMatchObject({
      web: "https://github.com",
      repository: "voxa/site",
      apiUrl: "https://api.github.com",
    });
    expect(
      forgeSiteOf("git@gitlab.company.test:voxa/web/site.git", { CI_SERVER_URL: "https://gitlab.company.test" }),
    ).toMatchObject({ kind: "gitlab", repository: "voxa/web/site", apiUrl: "https://gitlab.company.test/api/v4" });
  });

  it("takes the repository GITHUB_REPOSITORY names when the address (a path, file://) names none", () => {
    for (const address of ["/srv/git/site.git", "file:///srv/git/site.git", "https://git.company.test/site.git"]) {
      expect(forgeSiteOf(address, { GITHUB_REPOSITORY: "voxa/site" }), address).toEqual({
        kind: "github",
        name: "GitHub",
        web: "https://github.com",
        repository: "voxa/site",
        apiUrl: "https://api.github.com",
        namedBy: "GITHUB_REPOSITORY",
      });
    }
    expect(
      forgeSiteOf("/srv/git/site.git", {
        GITHUB_REPOSITORY: "voxa/site",
        GITHUB_API_URL: "https://github.company.test/api/v3",
      }),
    ).toMatchObject({ web: "https://github.company.test", apiUrl: "https://github.company.test/api/v3" });
    // The address names the repository when it can: the variable is GitHub's own, perhaps of another repository.
    expect(forgeSiteOf("git@github.com:voxa/site.git", { GITHUB_REPOSITORY: "other/repo" })).toMatchObject({
      repository: "voxa/site",
      namedBy: "address",
    });
    expect(forgeSiteOf("/srv/git/site.git", { GITHUB_REPOSITORY: "not a repository" })).toBeUndefined();
  });

  it("takes the project CI_PROJECT_PATH names on GitLab, whose token then decides between the two", async () => {
    const env = {
      CI_PROJECT_PATH: "voxa/web/site",
      CI_SERVER_URL: "https://gitlab.company.test",
      GITLAB_TOKEN: "service-token",
      PATH: "",
    };
    const project = "https://gitlab.company.test/api/v4/projects/voxa%2Fweb%2Fsite";
    server.use(
      http.post(`${project}/merge_requests`, () =>
        HttpResponse.json({ iid: 3, web_url: "w3", state: "opened" }, { status: 201 }),
      ),
    );
    const choice = (await detectForge("/srv/git/site.git", env))!;
    expect(choice.site).toMatchObject({ kind: "gitlab", repository: "voxa/web/site", namedBy: "CI_PROJECT_PATH" });
    expect(await choice.forge!.open(request)).toEqual({ number: 3, url: "w3", state: "open" });
    expect(seen).toEqual([{ method: "POST", url: `${project}/merge_requests`, auth: "service-token" }]);
    expect(forgeSiteOf("/srv/git/site.git", { ...env, GITHUB_REPOSITORY: "voxa/site" })?.kind).toBe("gitlab");
    expect(forgeSiteOf("/srv/git/site.git", { ...env, GITHUB_REPOSITORY: "voxa/site", GITHUB_TOKEN: "t" })?.kind).toBe(
      "github",
    );
  });

  it("shows an address without the credentials an https address can carry", () => {
    expect(shownAddress("https://x-access-token:secret@github.com/voxa/site.git")).toBe(
      "https://github.com/voxa/site.git",
    );
    expect(shownAddress("git@github.com:voxa/site.git")).toBe("git@github.com:voxa/site.git");
    expect(shownAddress("/srv/git/site.git")).toBe("/srv/git/site.git");
  });
});
