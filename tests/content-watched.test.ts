// @vitest-environment node
/**
 * Under the dev server, which watches site-config/ and says which file changed, the renderer's content is looked at
 * again only after a change, and then only the changed file: a request's many calls for the site, its routes and its
 * pages read no file.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIG_DIR, contentChanged, contentWatched } from "../contract/content.server.ts";
import { getRoute, getSite } from "../renderer/content/pages.server.ts";

afterEach(() => {
  vi.restoreAllMocks();
  // Nothing watches the files in the other tests of this worker: each call looks at them.
  delete (globalThis as { [key: symbol]: unknown })[Symbol.for("voxa-site.content-watched")];
});

describe("the content under a process that watches its files", () => {
  it("is read again only after a change is said", () => {
    contentWatched();
    const site = getSite();
    const stat = vi.spyOn(fs, "statSync");
    expect(getSite()).toBe(site);
    expect(getRoute("/about")?.path).toBe("/about");
    expect(stat).not.toHaveBeenCalled();
    const siteFile = path.join(CONFIG_DIR, "site.json");
    contentChanged(siteFile);
    expect(getSite()).toBe(site);
    // Only the file the change names is looked at again: the others' texts are as the process kept them.
    expect(stat.mock.calls.map(([file]) => String(file)).filter((file) => file.startsWith(CONFIG_DIR))).toEqual([
      siteFile,
    ]);
  });

  it("is looked at on every call where nothing watches the files", () => {
    getSite();
    const stat = vi.spyOn(fs, "statSync");
    getSite();
    expect(stat).toHaveBeenCalled();
  });
});
