import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { editorForgeErrors, editorGitErrors, editorPublishLines, messageOf } from "../../contract/errors.ts";
import { isFocused, outlineBlock, seriousViolations, tabTo } from "./support/editor.ts";
import { BASE_HEADING, PET, PET_TITLE, TEST_TIME, TOKENS, publishingSuite } from "./support/publishing.ts";
import { editAddress } from "../../editor/protocol.ts";

const suite = publishingSuite();
const {
  seen,
  forgeState,
  git,
  read,
  remoteBranches,
  saveHeading,
  snapshot,
  poll,
  newTab,
  openChanges,
  publishPanel,
  publish,
  publishedStatus,
  publishRefused,
  frameHeading,
} = suite;
vi.setConfig({ testTimeout: TEST_TIME });

describe("the Changes view, in Chromium, against real git and scripted forges: failures, discarding, a changed image, axe, the keyboard", () => {
  describe("a failure shows its catalogue error and leaves the files and git status as they were", () => {
    it("push rejected: the branch moved on the remote meanwhile", async () => {
      saveHeading("Care, rejected");
      // While the editor pushes, someone else puts a commit of theirs on the same branch of the remote.
      fs.writeFileSync(
        path.join(suite.project.dir, ".git/hooks/pre-push"),
        `#!/bin/sh\nread local sha ref rest\nexport GIT_DIR="${suite.project.remote}"\ngit update-ref "$ref" "$(git -c user.name=C -c user.email=c@example.com commit-tree main^{tree} -p main -m moved)"\n`,
        { mode: 0o755 },
      );
      const before = snapshot();
      const page = await publishRefused(
        "Rejected",
        editorGitErrors.pushRejected,
        messageOf(editorGitErrors.pushRejected, { branch: "edit/rejected" }),
      );
      expect(snapshot()).toEqual(before);
      expect(seen.filter(({ method }) => method === "POST")).toEqual([]);
      await page.context().close();
    });

    it("remote unreachable", async () => {
      saveHeading("Care, offline");
      const before = snapshot();
      fs.renameSync(suite.project.remote, `${suite.project.remote}.away`);
      try {
        const page = await publishRefused("Offline", editorGitErrors.offline, messageOf(editorGitErrors.offline));
        expect(snapshot()).toEqual(before);
        await page.context().close();
      } finally {
        fs.renameSync(`${suite.project.remote}.away`, suite.project.remote);
      }
      expect(remoteBranches()).toEqual(["main"]);
    });

    it("token refused by GitHub (HTTP 401): the branch is pushed, and the link opens the request by hand", async () => {
      forgeState.refuse = true;
      saveHeading("Care, token refused");
      const before = snapshot();
      const page = await publishRefused(
        "Token refused",
        editorForgeErrors.tokenRefused,
        messageOf(editorForgeErrors.tokenRefused, { forge: "GitHub" }),
      );
      expect(
        await publishPanel(page)
          .getByRole("link", { name: "Open the pull request (opens in a new tab)" })
          .getAttribute("href"),
      ).toBe("https://github.example.test/voxa/site/compare/main...edit/token-refused?expand=1");
      expect(snapshot()).toEqual(before);
      expect(JSON.stringify(await page.content())).not.toContain(TOKENS.GITHUB_TOKEN);
      await page.context().close();
    });
  });

  it("discards a page's changes after a confirmation naming it; an editor tab that has it open reloads it", async () => {
    saveHeading("Care, to be discarded");
    const page = await newTab();
    const other = await page.context().newPage();
    await other.goto(`${suite.editor.url}${editAddress(PET)}`);
    await outlineBlock(other, "Industry hero").click();
    const field = other.getByLabel("Heading", { exact: true });
    await poll(() => field.inputValue()).toBe("Care, to be discarded");

    await openChanges(page);
    const discard = page.getByRole("button", { name: `Discard changes to ${PET_TITLE}` });
    await discard.click();
    const dialog = page.getByRole("dialog", { name: `Discard changes to “${PET_TITLE}”?` });
    expect(await dialog.innerText()).toContain("This cannot be undone.");
    await poll(() => isFocused(dialog.getByRole("button", { name: "Cancel" }))).toBe(true);
    await page.keyboard.press("Escape");
    await poll(() => isFocused(discard)).toBe(true);
    expect(read(PET)).toContain("Care, to be discarded");

    await discard.click();
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    const status = page.getByRole("region", { name: /^Changed files/ }).getByRole("status");
    await poll(() => status.innerText()).toBe(
      `${editorPublishLines.discarded.title}. ${messageOf(editorPublishLines.discarded, { page: PET_TITLE, base: "origin/main" })} ${editorPublishLines.discarded.hint}`,
    );
    await poll(() => isFocused(page.getByRole("heading", { name: /^Changed files/ }))).toBe(true);
    expect(read(PET)).toBe(suite.project.git(suite.project.dir, "show", `origin/main:${PET}`));
    expect(git("status", "--porcelain")).toBe("");
    expect(await page.getByText(messageOf(editorPublishLines.noChanges, { base: "origin/main" })).count()).toBe(1);

    await poll(() => field.inputValue()).toBe(BASE_HEADING);
    // The tab's other live regions (the branch choice's band, Get latest's line) stand before the page's.
    const reloaded = other.getByRole("status").filter({ hasText: editorPublishLines.reloaded.message });
    expect(await reloaded.innerText()).toBe(editorPublishLines.reloaded.message);
    await page.context().close();
  });

  it("shows a changed image before and after: the published one beside the saved one", async () => {
    const AVATAR = "public/media/customers/sarah.svg";
    const published = read(AVATAR);
    fs.writeFileSync(path.join(suite.project.dir, AVATAR), published.replaceAll("#4f78c2", "#c2571f"));
    const page = await newTab();
    await openChanges(page);
    await page.getByRole("button", { name: "Before and after of sarah.svg" }).click();
    const comparison = page.getByRole("region", { name: "Before and after: sarah.svg" });
    const image = (name: string) => comparison.getByRole("img", { name, exact: true });
    // Each side as the browser decoded it: its size, and the colour of the pixel at the figure's head.
    const decoded = (name: string) =>
      image(name).evaluate((img: HTMLImageElement) => {
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext("2d")!;
        context.drawImage(img, 0, 0);
        return { width: img.naturalWidth, head: [...context.getImageData(36, 28, 1, 1).data].slice(0, 3) };
      });
    await poll(() => decoded("sarah.svg, published")).toEqual({ width: 72, head: [0x4f, 0x78, 0xc2] });
    await poll(() => decoded("sarah.svg, saved")).toEqual({ width: 72, head: [0xc2, 0x57, 0x1f] });
    expect(await seriousViolations(axeAudit(page).include(".compare"))).toEqual([]);
    await page.context().close();
  });

  it("has no serious or critical axe violations, with a change listed and after publishing", async () => {
    saveHeading("Care for every pet");
    const page = await newTab();
    await openChanges(page);
    await frameHeading(page, "Your version at 1366 px").waitFor();
    // The frames hold the site's own blocks, which the site's suites audit.
    const audit = () => seriousViolations(axeAudit(page).exclude("iframe"));
    expect(await audit()).toEqual([]);
    await publish(page, "Audited");
    await publishedStatus(page);
    await page.getByRole("region", { name: "Published changes" }).getByRole("listitem").waitFor();
    expect(await audit()).toEqual([]);
    await page.getByRole("button", { name: `Discard changes to ${PET_TITLE}` }).click();
    await page.getByRole("dialog").waitFor();
    expect(await audit()).toEqual([]);
    await page.context().close();
  });

  it("publishes with the keyboard alone, from the page list", async () => {
    saveHeading("Care for every pet");
    const page = await newTab();
    await page.goto(suite.editor.url);
    await page.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
    await tabTo(page, page.getByRole("link", { name: /^Changes/ }));
    await page.keyboard.press("Enter");
    await poll(() => isFocused(page.getByRole("heading", { name: "Changes", level: 1 }))).toBe(true);
    const summary = page.getByLabel("Summary of the change");
    await tabTo(page, summary);
    await page.keyboard.type("Keyboard only");
    await page.keyboard.press("Enter");
    expect(await publishedStatus(page)).toContain(
      messageOf(editorPublishLines.published, { request: "pull request #7" }),
    );
    await poll(() => page.evaluate(() => document.activeElement?.className)).toBe("publish-result");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Open pull request #7 (opens in a new tab)",
    );
    expect(remoteBranches()).toEqual(["edit/keyboard-only", "main"]);
    await page.context().close();
  });
});
