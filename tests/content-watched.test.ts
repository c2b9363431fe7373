// @vitest-environment node
/**
 * Under the dev server, which watches site-config/ and says when a file changed, the renderer's content is looked at
 * again only after a change: a request's many calls for the site, its routes and its pages read no file.
 */
import fs from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contentChanged, contentWatched } from "../contract/content.server.ts";
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
    contentChanged();
    expect(getSite()).toBe(site);
    expect(stat).toHaveBeenCalled();
  });

  it("is looked at on every call where nothing watches the files", () => {
    getSite();
    const stat = vi.spyOn(fs, "statSync");
    getSite();
    expect(stat).toHaveBeenCalled();
  });
});
