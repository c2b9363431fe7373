import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorScheduleLines, messageOf } from "../../../contract/errors.ts";
import type { EditorTranslations, PageSummary, Schedule } from "../../protocol.ts";
import { type Sent, scriptApi } from "../document/test-fetch.ts";
import { TakeDownForm } from "./TakeDownForm.tsx";

afterEach(() => vi.unstubAllGlobals());

/** Thursday 10 December 2026, noon in London, where the publisher reads the editor. */
const CLOCK = { now: () => Date.parse("2026-12-10T12:00:00Z"), zone: "Europe/London" };
const WHEN = "Friday 11 December 2026, 00:00 in London";

const page = (file: string, path: string, title: string): PageSummary => ({
  file,
  path,
  title,
  nav: null,
  anchors: [],
});
const PET = page("site-config/pages/industries/pet-insurance.json", "/industries/pet-insurance", "Pet insurance");
const PAGES = [
  page("site-config/pages/home.json", "/", "Home"),
  page("site-config/pages/industries.json", "/industries", "Industries"),
  PET,
  page("site-config/pages/pricing.json", "/pricing", "Pricing"),
];
const DE = "site-config/locales/de-DE/pages";
const FR = "site-config/locales/fr-FR/pages";
const translation = (locale: string, source: PageSummary, file?: string, path?: string, title?: string) => ({
  locale,
  source: source.file,
  ...(file && { file, path, title }),
  state: file ? ("up-to-date" as const) : ("missing" as const),
  changed: [],
});
const TRANSLATIONS: EditorTranslations = {
  locales: [
    { code: "en-GB", name: "English", prefix: "", dir: "ltr", isDefault: true },
    { code: "de-DE", name: "Deutsch", prefix: "de", dir: "ltr", isDefault: false },
    { code: "fr-FR", name: "Français", prefix: "fr", dir: "ltr", isDefault: false },
  ],
  translations: [
    translation("de-DE", PAGES[0]!, `${DE}/home.json`, "/de", "Startseite"),
    translation("de-DE", PAGES[1]!, `${DE}/industries.json`, "/de/branchen", "Branchen"),
    translation(
      "de-DE",
      PET,
      `${DE}/industries/pet-insurance.json`,
      "/de/branchen/tierversicherung",
      "Tierversicherung",
    ),
    translation("de-DE", PAGES[3]!, `${DE}/pricing.json`, "/de/preise", "Preise"),
    translation("fr-FR", PET, `${FR}/industries/pet-insurance.json`, "/fr/secteurs/assurance-animaux", "Animaux"),
    // A page not translated yet has no version to take down.
    translation("fr-FR", PAGES[3]!),
  ],
};

/** The editor's translations, and the take-down's answer: what the server made of the body sent. */
function server(translations: EditorTranslations = TRANSLATIONS) {
  return scriptApi((sent) => {
    if (sent.url === "/api/translations") return { body: translations };
    const { localTime, timeZone } = sent.body as { localTime: string; timeZone: string };
    const answer: Schedule = {
      id: 4,
      kind: "take-down",
      localTime,
      timeZone,
      at: Date.parse("2026-12-11T00:00:00Z"),
      state: "waiting",
      scheduledBy: { name: "Pat Lee", email: "pat.lee@company.com" },
      createdAt: 0,
      updatedAt: 0,
    };
    return { body: answer };
  });
}

const form = (target = PET, onScheduled = () => undefined) =>
  render(
    <TakeDownForm
      target={{ page: target }}
      pages={PAGES}
      clock={CLOCK}
      onClose={() => undefined}
      onScheduled={onScheduled}
    />,
  );
const words = (element: Element) => element.textContent?.replace(/\s+/g, " ").trim();
const posts = (sent: Sent[]) => sent.filter(({ method }) => method === "POST").map(({ url, body }) => [url, body]);

describe("Take down… of a page with translations", () => {
  it("offers each translation, checked, and takes them down with it, each leading to the redirect's own version", async () => {
    const sent = server();
    const scheduled = vi.fn();
    form(PET, scheduled);
    const group = await screen.findByRole("group", { name: "Its translations, taken down with it" });
    const boxes = within(group).getAllByRole("checkbox");
    expect(boxes.map((box) => [words(box.closest("label")!), (box as HTMLInputElement).checked])).toEqual([
      ["Deutsch “Tierversicherung” (/de/branchen/tierversicherung)", true],
      ["Français “Animaux” (/fr/secteurs/assurance-animaux)", true],
    ]);
    // Each translation leads to the redirect's version in its language, or (none written) its nearest page above.
    await userEvent.clear(screen.getByLabelText("Then leads to"));
    await userEvent.type(screen.getByLabelText("Then leads to"), "/pricing");
    expect(
      screen.getByText(
        `Comes down ${WHEN}; /industries/pet-insurance then leads to /pricing; ` +
          "/de/branchen/tierversicherung then leads to /de/preise; /fr/secteurs/assurance-animaux then leads to /",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Take down" }));
    const done = await screen.findByRole("status");
    expect(words(done)).toContain(
      messageOf(editorScheduleLines.takeDownSet, {
        what: "“Pet insurance” (/industries/pet-insurance), “Tierversicherung” (/de/branchen/tierversicherung), “Animaux” (/fr/secteurs/assurance-animaux)",
        when: WHEN,
      }),
    );
    expect(posts(sent)).toEqual([
      [
        "/api/schedules/take-down",
        {
          pages: {
            [PET.file]: "/pricing",
            [`${DE}/industries/pet-insurance.json`]: "/de/preise",
            [`${FR}/industries/pet-insurance.json`]: "",
          },
          localTime: "2026-12-11T00:00",
          timeZone: "Europe/London",
        },
      ],
    ]);
    expect(scheduled).toHaveBeenCalledOnce();
  });

  it("leaves an unchecked translation up, and says so in its words", async () => {
    const sent = server();
    form();
    const group = await screen.findByRole("group", { name: "Its translations, taken down with it" });
    await userEvent.click(within(group).getByRole("checkbox", { name: /Français/ }));
    // The page's nearest page above to start with; the German page's own.
    expect(
      screen.getByText(
        `Comes down ${WHEN}; /industries/pet-insurance then leads to /industries; ` +
          "/de/branchen/tierversicherung then leads to /de/branchen",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Take down" }));
    await screen.findByRole("status");
    expect(posts(sent)).toEqual([
      [
        "/api/schedules/take-down",
        {
          pages: { [PET.file]: "/industries", [`${DE}/industries/pet-insurance.json`]: "/de/branchen" },
          localTime: "2026-12-11T00:00",
          timeZone: "Europe/London",
        },
      ],
    ]);
  });

  it("offers a translation's source and its other translations, and nothing on a site of one language", async () => {
    server();
    const german = page(`${DE}/industries/pet-insurance.json`, "/de/branchen/tierversicherung", "Tierversicherung");
    const { unmount } = form(german);
    const group = await screen.findByRole("group", { name: "Its translations, taken down with it" });
    expect(
      within(group)
        .getAllByRole("checkbox")
        .map((box) => words(box.closest("label")!)),
    ).toEqual([
      "English “Pet insurance” (/industries/pet-insurance)",
      "Français “Animaux” (/fr/secteurs/assurance-animaux)",
    ]);
    unmount();

    const sent = server({ locales: [TRANSLATIONS.locales[0]!], translations: [] });
    form();
    await vi.waitFor(() => expect(sent.map(({ url }) => url)).toEqual(["/api/translations"]));
    expect(screen.queryByRole("group")).toBeNull();
    expect(screen.getByText(`Comes down ${WHEN}; /industries/pet-insurance then leads to /industries`)).toBeTruthy();
  });

  it("says when the translations could not be read, rather than offering the page as if it had none", async () => {
    const error = {
      code: "EDIT_FAILED",
      title: "Not read",
      message: "the translations could not be read",
      hint: "Try again.",
    };
    scriptApi(() => ({ status: 500, body: { error } }));
    form();
    expect(words(await screen.findByRole("alert"))).toBe("Not read. The translations could not be read. Try again.");
    expect(screen.queryByRole("group")).toBeNull();
  });
});
