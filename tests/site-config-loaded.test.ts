// @vitest-environment node
/**
 * site.json loaded alone (contract/content.server.ts `loadSiteConfig`), as a build's bundles read it: the same value,
 * defaults filled in, as the content loader's, and a file that does not validate refused with CFG024.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONFIG_DIR, loadContent, loadSiteConfig } from "../contract/content.server.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "site-config-loaded-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("site.json loaded alone", () => {
  it("is the content loader's site, with its defaults", () => {
    expect(loadSiteConfig()).toEqual(loadContent().site);
    expect(loadSiteConfig().leadApi.baseUrl).toEqual(expect.any(String));
  });

  it("is refused with CFG024 when it does not validate, or is not JSON", () => {
    const site = JSON.parse(fs.readFileSync(path.join(CONFIG_DIR, "site.json"), "utf8")) as Record<string, unknown>;
    const refusal = () => {
      try {
        loadSiteConfig(scratch);
      } catch (error) {
        return error as { code?: string; message: string };
      }
      throw new Error("loaded");
    };
    fs.writeFileSync(path.join(scratch, "site.json"), JSON.stringify({ ...site, leadApi: 42 }));
    expect(refusal()).toMatchObject({
      code: "CFG024",
      message: expect.stringMatching(/site\.json: does not match its schema$/),
    });
    fs.writeFileSync(path.join(scratch, "site.json"), "{ not json");
    expect(refusal()).toMatchObject({
      code: "CFG024",
      message: expect.stringMatching(/site\.json: does not match its schema$/),
    });
  });
});
