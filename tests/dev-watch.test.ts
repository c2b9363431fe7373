// @vitest-environment node
/**
 * What Vite's watcher leaves out: the checkout's folders that no page is made of, and the content's folder, which the
 * site's own plugin watches (tests/dev-validation-count.test.ts saves a page under it while the plugin runs).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_DIR, ROOT } from "../toolchain/paths.ts";
import { notWatched } from "../toolchain/vite-plugins.ts";

describe("notWatched", () => {
  it("leaves out the builds, the review, the copies under .cache/, the tests, docs, editor and deployments, and the content", () => {
    for (const file of [
      ".cache",
      ".cache/review/builds/abc/client/index.html",
      "build/client/index.html",
      "review",
      "tests/fixtures/unknown-property/pages/fixture.json",
      "docs/build.md",
      "editor/app/App.tsx",
      "deploy/site/package.json",
    ])
      expect(notWatched(path.join(ROOT, file)), file).toBe(true);
    expect(notWatched(path.join(CONFIG_DIR, "pages", "about.json"))).toBe(true);
  });

  it("watches the code, the schemas and a folder whose name only starts like a generated one", () => {
    for (const file of [
      path.join(ROOT, "schemas", "page.schema.json"),
      path.join(ROOT, "renderer", "root.tsx"),
      path.join(ROOT, "blocks", "hero", "schema.json"),
      path.join(ROOT, "builders", "x.ts"),
      path.join(ROOT, "testsuite", "x.ts"),
      path.join(ROOT, "kit", "theme.ts"),
    ])
      expect(notWatched(file), file).toBe(false);
  });
});
