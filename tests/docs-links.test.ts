// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { citingFiles, missingCitedTests } from "./support/cited-tests.ts";
import { deadLinks, documentationFiles, githubSlug, headingAnchors } from "./support/markdown-links.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "docs-links-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("links in README.md and docs/", () => {
  it("reads README.md and every page of docs/", () => {
    const files = documentationFiles(root);
    expect(files[0]).toBe("README.md");
    expect(files).toContain("docs/blocks.md");
    expect(files).toContain("docs/errors.md");
  });

  it("every relative link points to a file, and every #anchor to a heading of that file", () => {
    expect(deadLinks(root, documentationFiles(root))).toEqual([]);
  });
});

describe("test files cited in README.md, docs/ and deploy/", () => {
  it("exist", () => {
    const files = citingFiles(root);
    expect(files).toContain("deploy/nginx.conf");
    expect(missingCitedTests(root, files)).toEqual([]);
  });

  it("are checked: a cited test that is not there is reported with its file and line", () => {
    const project = path.join(scratch, "cited");
    fs.mkdirSync(path.join(project, "deploy"), { recursive: true });
    fs.mkdirSync(path.join(project, "tests/e2e"), { recursive: true });
    fs.writeFileSync(path.join(project, "tests/e2e/nginx.test.ts"), "");
    fs.writeFileSync(path.join(project, "README.md"), "# Project\n\nSee `tests/e2e/nginx.test.ts`.\n");
    fs.writeFileSync(path.join(project, "deploy/nginx.conf"), "# tests/deploy/nginx.slow.test.ts runs it.\n");
    expect(missingCitedTests(project, citingFiles(project))).toEqual([
      "deploy/nginx.conf:1 tests/deploy/nginx.slow.test.ts",
    ]);
  });
});

describe("the link check", () => {
  it("slugs headings as GitHub does", () => {
    expect(githubSlug("Search and sharing (SEO)")).toBe("search-and-sharing-seo");
    expect(githubSlug("The quickest way: `npm run new:page`")).toBe("the-quickest-way-npm-run-newpage");
    expect(githubSlug("Figures (23 November 2026)")).toBe("figures-23-november-2026");
    expect(githubSlug("**Bold** and [a link](x.md) — with a dash")).toBe("bold-and-a-link--with-a-dash");
    expect(githubSlug("snake_case and Ünïcode")).toBe("snake_case-and-ünïcode");
    expect([...headingAnchors("# Tests\n\n## Tests\n\n```sh\n# not a heading\n```\n\n## Tests\n")]).toEqual([
      "tests",
      "tests-1",
      "tests-2",
    ]);
  });

  it("reports a link to no file and an anchor to no heading, with file and line, and ignores code and other sites", () => {
    fs.mkdirSync(path.join(scratch, "docs"), { recursive: true });
    fs.writeFileSync(
      path.join(scratch, "docs", "guide.md"),
      "# Guide\n\n## Add a page\n\nBack to [the top](#guide).\n",
    );
    fs.writeFileSync(
      path.join(scratch, "README.md"),
      [
        "# Project",
        "",
        "See [the guide](docs/guide.md#add-a-page) and ![a picture](docs/missing.png).",
        "Also [a section](docs/guide.md#add-a-block) and [here](#nowhere), [the site](https://example.com/x.md#y).",
        "`[in code](docs/none.md)`",
        "",
        "```md",
        "[in a block](docs/none.md)",
        "```",
        "",
        "[ref]: docs/gone.md",
        "",
      ].join("\n"),
    );
    expect(deadLinks(scratch, documentationFiles(scratch))).toEqual([
      "README.md:3  link 'docs/missing.png' points to no file (docs/missing.png)",
      "README.md:4  link 'docs/guide.md#add-a-block' points to no heading '#add-a-block' in docs/guide.md",
      "README.md:4  link '#nowhere' points to no heading '#nowhere' in README.md",
      "README.md:11  link 'docs/gone.md' points to no file (docs/gone.md)",
    ]);
  });
});
