// @vitest-environment node
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditorTranslations, TranslationSource } from "../protocol.ts";
import { editorTranslationErrors, messageOf, scaffoldErrors } from "../../contract/errors.ts";
import { type EditorServer, startEditor } from "../server.ts";
import { FIXTURE_SOURCE, FIXTURE_UNTRANSLATED, localeProject } from "../../tests/support/editor/test-locale-project.ts";

let project: ReturnType<typeof localeProject>;
let editor: EditorServer;

beforeAll(async () => {
  project = localeProject({ git: true });
  editor = await startEditor({ projectDir: project.dir });
}, 60_000);
afterAll(async () => {
  await editor?.close();
  project?.remove();
});

const read = (file: string) => fs.readFileSync(path.join(project.dir, file), "utf8");
const get = async <T>(url: string) => (await (await fetch(`${editor.url}${url}`)).json()) as T;
const post = (url: string, body: unknown) =>
  fetch(`${editor.url}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: editor.url, "x-editor-token": editor.token },
    body: JSON.stringify(body),
  });

/** A refusal of Translate as the tab reads it: EDIT_TRANSLATE, with the reason of the entry that says why. */
const refusal = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as unknown,
});
const refusedWith = (reason: string, code: string, hint: string) => ({
  status: 400,
  body: {
    error: {
      code: editorTranslationErrors.notCreated.code,
      title: editorTranslationErrors.notCreated.title,
      message: editorTranslationErrors.notCreated.message,
      hint: editorTranslationErrors.notCreated.hint,
    },
    reason,
    code,
    hint,
  },
});

describe("the editor's translations", () => {
  it("lists the site's locales and each source page in each, with its translation's status", async () => {
    const overview = await get<EditorTranslations>("/api/translations");
    expect(overview.locales.map(({ code, name, prefix, isDefault }) => [code, name, prefix, isDefault])).toEqual([
      ["en-GB", "English", "", true],
      ["de-DE", "Deutsch", "de", false],
      ["fr-FR", "Français", "fr", false],
    ]);
    const of = (locale: string, source: string) =>
      overview.translations.find((t) => t.locale === locale && t.source === source);
    expect(of("de-DE", FIXTURE_SOURCE.file)).toEqual({
      locale: "de-DE",
      source: FIXTURE_SOURCE.file,
      file: "site-config/locales/de-DE/pages/plans.json",
      path: "/de/tarife",
      title: "Tarife",
      state: "up-to-date",
      changed: [],
    });
    expect(of("fr-FR", FIXTURE_UNTRANSLATED.file)).toEqual({
      locale: "fr-FR",
      source: FIXTURE_UNTRANSLATED.file,
      state: "missing",
      changed: [],
    });
  });

  it("names an outdated translation's changed fields once its source changes", async () => {
    const source = path.join(project.dir, FIXTURE_SOURCE.file);
    const before = fs.readFileSync(source, "utf8");
    fs.writeFileSync(source, before.replace(FIXTURE_SOURCE.sectionHeading, "How we bill"));
    try {
      const overview = await get<EditorTranslations>("/api/translations");
      const german = overview.translations.find((t) => t.locale === "de-DE" && t.source === FIXTURE_SOURCE.file);
      expect(german?.state).toBe("outdated");
      expect(german?.changed).toEqual(["Text section › Heading"]);
    } finally {
      fs.writeFileSync(source, before);
    }
  });

  it("gives a translation's source page, in the default locale's name, and none for a source page", async () => {
    const german = await get<TranslationSource>(
      `/api/translations/source?file=${encodeURIComponent("site-config/locales/de-DE/pages/plans.json")}`,
    );
    expect(german.source?.file).toBe(FIXTURE_SOURCE.file);
    expect(german.source?.language).toBe("English");
    expect((german.source?.value.blocks as { heading: string }[])[0]?.heading).toBe(FIXTURE_SOURCE.heroHeading);
    expect(
      await get<TranslationSource>(`/api/translations/source?file=${encodeURIComponent(FIXTURE_SOURCE.file)}`),
    ).toEqual({ source: null });
  });

  it("creates a translation from its source: the same file under the locale, its blocks, its key and its address", async () => {
    const response = await post("/api/translations", {
      file: FIXTURE_UNTRANSLATED.file,
      locale: "de-DE",
      path: "/de/supportzeiten",
    });
    expect(response.status).toBe(200);
    const file = "site-config/locales/de-DE/pages/support-hours.json";
    expect(await response.json()).toEqual({ file, path: "/de/supportzeiten" });
    const source = JSON.parse(read(FIXTURE_UNTRANSLATED.file)) as Record<string, unknown>;
    const created = JSON.parse(read(file)) as Record<string, unknown>;
    expect(Object.keys(created).slice(0, 3)).toEqual(["$schema", "path", "translationOf"]);
    expect(created).toEqual({
      ...source,
      $schema: "../../../../schemas/page.schema.json",
      path: "/de/supportzeiten",
      translationOf: FIXTURE_UNTRANSLATED.path,
    });
    const overview = await get<EditorTranslations>("/api/translations");
    expect(
      overview.translations.find((t) => t.locale === "de-DE" && t.source === FIXTURE_UNTRANSLATED.file)?.file,
    ).toBe(file);
  });

  it("refuses an address another page has, in the scaffold's words, and writes nothing", async () => {
    const response = await post("/api/translations", {
      file: FIXTURE_UNTRANSLATED.file,
      locale: "fr-FR",
      path: "/fr/offres",
    });
    expect(await refusal(response)).toEqual(
      refusedWith(
        messageOf(scaffoldErrors.pathUsed, { path: "/fr/offres", file: "site-config/locales/fr-FR/pages/plans.json" }),
        scaffoldErrors.pathUsed.code,
        scaffoldErrors.pathUsed.hint,
      ),
    );
    expect(fs.existsSync(path.join(project.dir, "site-config/locales/fr-FR/pages/support-hours.json"))).toBe(false);
  });

  it("refuses an address outside the locale, one that is not an address, a translated page and an unknown locale", async () => {
    const cases: [Record<string, string>, string, string, string][] = [
      [
        { file: FIXTURE_UNTRANSLATED.file, locale: "fr-FR", path: "/support-hours-fr" },
        "the address '/support-hours-fr' is not under /fr, where the Français pages are published",
        editorTranslationErrors.outsidePrefix.code,
        editorTranslationErrors.outsidePrefix.hint,
      ],
      [
        { file: FIXTURE_UNTRANSLATED.file, locale: "fr-FR", path: "/fr/Heures" },
        "'/fr/Heures' is not a page address — lower-case letters, digits and hyphens between slashes, e.g. '/de/kontakt'",
        editorTranslationErrors.badPath.code,
        editorTranslationErrors.badPath.hint,
      ],
      [
        { file: FIXTURE_SOURCE.file, locale: "de-DE", path: "/de/tarife-2" },
        "the page already has a Deutsch translation: site-config/locales/de-DE/pages/plans.json",
        editorTranslationErrors.alreadyTranslated.code,
        editorTranslationErrors.alreadyTranslated.hint,
      ],
      [
        { file: FIXTURE_UNTRANSLATED.file, locale: "es-ES", path: "/es/horario" },
        "'es-ES' is not a locale pages are translated into here (de-DE, fr-FR)",
        editorTranslationErrors.unknownLocale.code,
        editorTranslationErrors.unknownLocale.hint,
      ],
      [
        { file: FIXTURE_UNTRANSLATED.file, locale: "en-GB", path: "/support-hours-2" },
        "'en-GB' is not a locale pages are translated into here (de-DE, fr-FR)",
        editorTranslationErrors.unknownLocale.code,
        editorTranslationErrors.unknownLocale.hint,
      ],
    ];
    for (const [asked, reason, code, hint] of cases)
      expect({ asked, ...(await refusal(await post("/api/translations", asked))) }).toEqual({
        asked,
        ...refusedWith(reason, code, hint),
      });
    expect(fs.readdirSync(path.join(project.dir, "site-config/locales/fr-FR/pages"))).toEqual(["plans.json"]);
  });

  it("saves a German page without rewriting the English page or another locale's", async () => {
    const others = [FIXTURE_SOURCE.file, "site-config/locales/fr-FR/pages/plans.json", "site-config/site.json"];
    const before = others.map(read);
    const file = "site-config/locales/de-DE/pages/plans.json";
    const opened = await get<{ value: { blocks: { heading: string }[] }; version: string }>(
      `/api/document?file=${encodeURIComponent(file)}`,
    );
    opened.value.blocks[0]!.heading = "Tarife für Teams jeder Größe";
    const saved = await post("/api/save", { file, value: opened.value, version: opened.version });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(read(file)).toContain('"heading": "Tarife für Teams jeder Größe"');
    expect(others.map(read)).toEqual(before);
    const status = execFileSync("git", ["status", "--porcelain", "--", "site-config"], { cwd: project.dir });
    expect(String(status).split("\n").filter(Boolean).sort()).toEqual([
      " M site-config/locales/de-DE/pages/plans.json",
      "?? site-config/locales/de-DE/pages/support-hours.json",
    ]);
  });
});

describe("Translate's links", () => {
  /** A source page of the fixture's site that links to its other pages, written for one test and removed after it. */
  const LINKS = "site-config/pages/links.json";
  const linksPage = (industry: { label: string; href: string }[] = []) => ({
    $schema: "../../schemas/page.schema.json",
    path: "/links",
    title: "Links",
    description: "A page that links to the site's other pages.",
    blocks: [
      {
        type: "hero",
        id: "top",
        heading: "Where next",
        actions: [
          { label: "Plans", href: "/plans#intro" },
          { label: "Support", href: "/support-hours" },
        ],
      },
      {
        type: "card-grid",
        heading: "Pages",
        cards: [
          { title: "Support hours", href: "/support-hours" },
          { title: "This page", href: "/links#top" },
        ],
      },
      ...(industry.length
        ? [
            {
              type: "industry-hero",
              badge: "Support",
              heading: "Support",
              text: "When we answer.",
              actions: industry,
              stat: { value: 24, suffix: "/7", label: "answered" },
            },
          ]
        : []),
      { type: "call-to-action" },
    ],
  });
  const withPage = async (page: unknown, run: () => Promise<void>) => {
    fs.writeFileSync(path.join(project.dir, LINKS), `${JSON.stringify(page, null, 2)}\n`);
    try {
      await run();
    } finally {
      fs.rmSync(path.join(project.dir, LINKS), { force: true });
      for (const code of ["de-DE", "fr-FR"])
        fs.rmSync(path.join(project.dir, `site-config/locales/${code}/pages/links.json`), { force: true });
    }
  };
  const hrefs = (file: string) =>
    (JSON.parse(read(file)) as { blocks: { actions?: { href: string }[]; cards?: { href?: string }[] }[] }).blocks
      .slice(0, 2)
      .map((block) => (block.actions ?? block.cards ?? []).map((item) => item.href ?? null));

  it("lead to the locale's address of each page, the translation's own too", () =>
    withPage(linksPage(), async () => {
      const response = await post("/api/translations", { file: LINKS, locale: "de-DE", path: "/de/links" });
      expect(response.status, await response.clone().text()).toBe(200);
      // The support hours page has its German translation at /de/supportzeiten, made above.
      expect(hrefs("site-config/locales/de-DE/pages/links.json")).toEqual([
        ["/de/tarife#intro", "/de/supportzeiten"],
        ["/de/supportzeiten", "/de/links#top"],
      ]);
    }));

  it("to a page the locale does not publish are said in the page list before anything is written, then left out", () =>
    withPage(linksPage(), async () => {
      const overview = await get<EditorTranslations>("/api/translations");
      const french = overview.translations.find((t) => t.locale === "fr-FR" && t.source === LINKS);
      expect(french?.leftOut).toEqual([
        "Hero › Action 2 (/support-hours)",
        "Card grid › Card 1 › Link (/support-hours)",
      ]);
      expect(overview.translations.find((t) => t.locale === "de-DE" && t.source === LINKS)?.leftOut).toBeUndefined();
      const response = await post("/api/translations", { file: LINKS, locale: "fr-FR", path: "/fr/liens" });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(hrefs("site-config/locales/fr-FR/pages/links.json")).toEqual([
        ["/fr/offres#intro"],
        [null, "/fr/liens#top"],
      ]);
    }));

  it("that the page needs and the locale cannot keep: nothing written, each problem named", () =>
    withPage(linksPage([{ label: "Support", href: "/support-hours" }]), async () => {
      const response = await post("/api/translations", { file: LINKS, locale: "fr-FR", path: "/fr/liens" });
      const problem =
        "Industry hero › Action 1 › Link: LOC003 link '/support-hours' cannot stay in locale 'fr-FR': the page has no version there, and the locale publishes no page it has not translated ('missing': 'unpublished')";
      expect(await refusal(response)).toEqual(
        refusedWith(
          messageOf(editorTranslationErrors.problems, { problems: [problem] }),
          editorTranslationErrors.problems.code,
          editorTranslationErrors.problems.hint,
        ),
      );
      expect(fs.existsSync(path.join(project.dir, "site-config/locales/fr-FR/pages/links.json"))).toBe(false);
    }));
});
