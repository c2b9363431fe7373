import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asSentence, editorSectionErrors, editorSectionLines, messageOf } from "../../../contract/errors.ts";
import type { EditorTranslations } from "../../protocol.ts";
import type { SectionSummary } from "../api.ts";
import { type Sent, scriptApi } from "../document/test-fetch.ts";
import { SectionVersions } from "./SectionVersions.tsx";

afterEach(() => vi.unstubAllGlobals());

const BAND: SectionSummary = {
  id: "demo-band",
  name: "Demo band",
  file: "site-config/sections/demo-band.json",
  pages: [],
};
const locale = (code: string, name: string, isDefault = false) =>
  ({ code, name, prefix: code.slice(0, 2), dir: "ltr", isDefault }) as const;
const OVERVIEW: EditorTranslations = {
  locales: [locale("en-GB", "English", true), locale("de-DE", "Deutsch"), locale("fr-FR", "Français")],
  translations: [],
};
const GERMAN = "site-config/locales/de-DE/sections/demo-band.json";
const FRENCH = "site-config/locales/fr-FR/sections/demo-band.json";

/** The site's locales from /api/translations, and `translate` for Translate's request. */
const answers = (translate: (sent: Sent) => { status?: number; body: unknown }) =>
  scriptApi((sent) => (sent.url === "/api/translations" ? { body: OVERVIEW } : translate(sent)));

function versions(writes = true) {
  const props = { onTranslated: vi.fn(), onOpen: vi.fn() };
  render(
    <SectionVersions
      section={BAND}
      localeSections={{ "de-DE": { "demo-band": { blocks: [] } } }}
      writes={writes}
      {...props}
    />,
  );
  return props;
}

describe("a section's versions in the site's other locales", () => {
  it("lists each locale: its own version to open, or the source placed there with Translate", async () => {
    answers(() => ({ body: {} }));
    const { onOpen } = versions();
    const region = await screen.findByRole("region", { name: "In other languages" });
    expect(
      within(region)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      `${messageOf(editorSectionLines.localeVersion, { language: "Deutsch", file: GERMAN })}Open`,
      `${messageOf(editorSectionLines.sourcePlaced, { language: "Français" })} Translate`,
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Open the Deutsch version" }));
    expect(onOpen).toHaveBeenCalledWith(GERMAN);
  });

  it("says what Translate writes, asks the server for it and opens the version it wrote", async () => {
    const sent = answers(() => ({ body: { file: FRENCH } }));
    const { onTranslated } = versions();
    await userEvent.click(await screen.findByRole("button", { name: "Translate Demo band into Français" }));
    const dialog = screen.getByRole("dialog", { name: "Translate “Demo band” into Français" });
    expect(dialog).toHaveTextContent(
      messageOf(editorSectionLines.translateIntro, { language: "Français", file: FRENCH }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Translate" }));
    expect(sent.at(-1)).toEqual({
      method: "POST",
      url: "/api/sections/translate",
      body: { section: "demo-band", locale: "fr-FR" },
    });
    expect(onTranslated).toHaveBeenCalledWith(FRENCH);
  });

  it("shows the server's refusal in the dialog, in the words of its reason, and opens nothing", async () => {
    const reason = messageOf(editorSectionErrors.alreadyTranslated, {
      section: "demo-band",
      locale: "Français",
      file: FRENCH,
    });
    answers(() => ({
      status: 400,
      body: {
        error: { ...editorSectionErrors.translateRefused },
        reason,
        code: editorSectionErrors.alreadyTranslated.code,
        hint: editorSectionErrors.alreadyTranslated.hint,
      },
    }));
    const { onTranslated } = versions();
    await userEvent.click(await screen.findByRole("button", { name: "Translate Demo band into Français" }));
    const dialog = screen.getByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Translate" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(`${editorSectionErrors.translateRefused.title}. ${asSentence(reason)}`);
    expect(alert).toHaveTextContent(editorSectionErrors.alreadyTranslated.hint);
    expect(onTranslated).not.toHaveBeenCalled();
  });

  it("offers a viewer no Translate", async () => {
    answers(() => ({ body: {} }));
    versions(false);
    await screen.findByRole("region", { name: "In other languages" });
    expect(screen.queryByRole("button", { name: /^Translate/ })).toBeNull();
  });

  it("says nothing on a site of one locale", async () => {
    const sent = scriptApi(() => ({ body: { locales: [OVERVIEW.locales[0]], translations: [] } }));
    versions();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "In other languages" })).toBeNull();
  });
});
