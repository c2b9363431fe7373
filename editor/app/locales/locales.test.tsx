import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { EditorTranslations } from "../../protocol.ts";
import type { PageSummary } from "../api.ts";
import { LocalePages } from "./LocalePages.tsx";
import { LocaleSwitch } from "./LocaleSwitch.tsx";
import { SourceBeside } from "./SourceBeside.tsx";
import { sourceTextAt } from "./source-text.ts";
import { TranslateDialog } from "./TranslateDialog.tsx";
import { SourceTranslations } from "./TranslationBadge.tsx";
import { renderAt } from "../../../tests/support/editor/test-router.tsx";

const page = (file: string, path: string, title: string): PageSummary => ({
  file,
  path,
  title,
  nav: null,
  anchors: [],
});
const PLANS = page("site-config/pages/plans.json", "/plans", "Plans");
const HOURS = page("site-config/pages/support-hours.json", "/support-hours", "Support hours");
const OVERVIEW: EditorTranslations = {
  locales: [
    { code: "en-GB", name: "English", prefix: "", dir: "ltr", isDefault: true },
    { code: "de-DE", name: "Deutsch", prefix: "de", dir: "ltr", isDefault: false },
    { code: "fr-FR", name: "Français", prefix: "fr", dir: "ltr", isDefault: false },
  ],
  translations: [
    {
      locale: "de-DE",
      source: PLANS.file,
      file: "site-config/locales/de-DE/pages/plans.json",
      path: "/de/tarife",
      title: "Tarife",
      state: "outdated",
      changed: ["Text section › Heading"],
    },
    {
      locale: "fr-FR",
      source: PLANS.file,
      file: "site-config/locales/fr-FR/pages/plans.json",
      path: "/fr/offres",
      title: "Offres",
      state: "up-to-date",
      changed: [],
    },
    { locale: "de-DE", source: HOURS.file, state: "missing", changed: [] },
    { locale: "fr-FR", source: HOURS.file, state: "missing", changed: [] },
  ],
};
const [, DE, FR] = OVERVIEW.locales as [unknown, EditorTranslations["locales"][0], EditorTranslations["locales"][0]];

describe("the page list's locales", () => {
  it("switches locale with one pressed button per locale, named in its own language", async () => {
    const onChange = vi.fn();
    render(<LocaleSwitch locales={OVERVIEW.locales} value="en-GB" onChange={onChange} />);
    const group = screen.getByRole("group", { name: "Language" });
    expect(group).toBeTruthy();
    expect(screen.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Deutsch" }).getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(screen.getByRole("button", { name: "Français" }));
    expect(onChange).toHaveBeenCalledWith("fr-FR");
  });

  it("shows a source page's translations as badges named by their status, the changed fields of an outdated one", async () => {
    const onOpen = vi.fn();
    const onTranslate = vi.fn();
    render(<SourceTranslations page={PLANS} overview={OVERVIEW} onOpen={onOpen} onTranslate={onTranslate} />);
    await userEvent.click(
      screen.getByRole("button", {
        name: "de Outdated — Deutsch: outdated, the source changed since — Text section › Heading",
      }),
    );
    expect(onOpen).toHaveBeenCalledWith("site-config/locales/de-DE/pages/plans.json");
    expect(screen.getByRole("button", { name: "fr Up to date — Français: up to date" }).textContent).toBe(
      "fr Up to date",
    );
  });

  it("offers to translate a missing translation, and only names it for a viewer", async () => {
    const onTranslate = vi.fn();
    const { unmount } = render(
      <SourceTranslations page={HOURS} overview={OVERVIEW} onOpen={vi.fn()} onTranslate={onTranslate} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "de Missing — Deutsch: missing, no translation yet" }));
    expect(onTranslate).toHaveBeenCalledWith(DE);
    unmount();
    render(<SourceTranslations page={HOURS} overview={OVERVIEW} onOpen={vi.fn()} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("img", { name: "fr Missing — Français: missing, no translation yet" })).toBeTruthy();
  });

  it("lists a locale's pages: each translation with its address and status, Translate where there is none", async () => {
    const onOpen = vi.fn();
    const onTranslate = vi.fn();
    const { at } = renderAt(
      <LocalePages
        locale={DE}
        overview={OVERVIEW}
        pages={[PLANS, HOURS]}
        writes
        onOpen={onOpen}
        onTranslate={onTranslate}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "Tarife/de/tarifePlans /plansOutdated",
      "——Support hours /support-hoursMissing Translate",
    ]);
    await userEvent.click(screen.getByRole("link", { name: "Tarife" }));
    expect(at()).toBe("/edit/site-config/locales/de-DE/pages/plans.json");
    await userEvent.click(screen.getByRole("button", { name: "Translate Support hours into Deutsch" }));
    expect(onTranslate).toHaveBeenCalledWith(HOURS, DE);
  });

  it("asks for the translation's address, the source's under the prefix, and shows a refusal in the catalogue's words", async () => {
    const onTranslate = vi.fn(async () => ({
      title: "Translation not created",
      message: "the address '/fr/offres' is already used by site-config/locales/fr-FR/pages/plans.json",
      hint: "Choose another slug: two pages cannot share an address.",
    }));
    render(<TranslateDialog page={HOURS} locale={FR} onTranslate={onTranslate} onClose={vi.fn()} />);
    expect(screen.getByRole("heading", { name: "Translate “Support hours” into Français" })).toBeTruthy();
    const address = screen.getByLabelText("Address of the translation");
    expect((address as HTMLInputElement).value).toBe("/fr/support-hours");
    await userEvent.clear(address);
    await userEvent.type(address, "/fr/offres");
    await userEvent.click(screen.getByRole("button", { name: "Translate" }));
    expect(onTranslate).toHaveBeenCalledWith(HOURS.file, "fr-FR", "/fr/offres");
    expect(screen.getByRole("alert").textContent).toBe(
      "Translation not created. The address '/fr/offres' is already used by site-config/locales/fr-FR/pages/plans.json. Choose another slug: two pages cannot share an address.",
    );
  });

  it("says before it writes anything which links it leaves out, to pages with no version in the locale", () => {
    const leftOut = ["Hero › Action 2 (/support-hours)", "Card grid › Card 1 › Link (/support-hours)"];
    render(<TranslateDialog page={PLANS} locale={FR} leftOut={leftOut} onTranslate={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole("note").textContent).toBe(
      "2 links lead to pages with no Français version yet, and are left out of the translation: Hero › Action 2 (/support-hours); Card grid › Card 1 › Link (/support-hours). Every other link leads to the Français page.",
    );
  });
});

describe("a translated field's source", () => {
  const source = {
    title: "Plans",
    blocks: [
      { type: "hero", id: "intro", heading: "Plans for every team" },
      { type: "text-section", heading: "How billing works", paragraphs: ["One price."] },
    ],
  };

  it("reads the source's text by the block's id, else its place when of the same type, and the field's path", () => {
    const moved = { blocks: [{ type: "text-section" }, { type: "hero", id: "intro" }] };
    expect(sourceTextAt(moved, source, ["blocks", 1, "heading"])).toBe("Plans for every team");
    expect(sourceTextAt(moved, source, ["blocks", 0, "heading"])).toBeUndefined();
    const same = { blocks: [{ type: "hero", id: "intro" }, { type: "text-section" }] };
    expect(sourceTextAt(same, source, ["blocks", 1, "paragraphs", 0])).toBe("One price.");
    expect(sourceTextAt(same, source, ["title"])).toBe("Plans");
    expect(sourceTextAt(same, source, ["description"])).toBeUndefined();
    expect(sourceTextAt(same, source, ["blocks", 0, "id"])).toBeUndefined();
  });

  it("shows it read-only, labelled with the source locale's name, in its language", () => {
    render(
      <SourceBeside
        id="f-source"
        source={{ language: "English", code: "en-GB", textAt: () => undefined }}
        text="Plans for every team"
      />,
    );
    expect(screen.getByText("English (source)")).toBeTruthy();
    const words = screen.getByText("Plans for every team");
    expect(words.getAttribute("lang")).toBe("en-GB");
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
