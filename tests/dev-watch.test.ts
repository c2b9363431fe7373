// @vitest-environment node
/** What the dev server's watcher leaves out: the checkout's generated folders, never the site's files. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_DIR, ROOT } from "../toolchain/paths.ts";
import { notWatched } from "../toolchain/vite-plugins.ts";

describe("notWatched", () => {
  it("leaves out the builds, the review and the copies under .cache/", () => {
    for (const file of [".cache", ".cache/review/builds/abc/client/index.html", "build/client/index.html", "review"])
      expect(notWatched(path.join(ROOT, file)), file).toBe(true);
  });

  it("watches the content, the code and a folder whose name only starts like a generated one", () => {
    for (const file of [
      path.join(CONFIG_DIR, "pages", "about.json"),
      path.join(ROOT, "renderer", "root.tsx"),
      path.join(ROOT, "blocks", "hero", "schema.json"),
      path.join(ROOT, "builders", "x.ts"),
    ])
      expect(notWatched(file), file).toBe(false);
  });
});
