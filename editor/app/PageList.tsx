import { useEffect, useMemo, useRef, useState } from "react";
import { FilePlus2, Search, Settings } from "lucide-react";
import { siblingPath, slugify } from "../../toolchain/slugs.ts";
import type { SignedInPerson } from "../protocol.ts";
import type { PageSummary, Refusal, SectionSummary } from "./api.ts";
import { SectionList } from "./sections/SectionList.tsx";
import { PersonBar } from "./PersonBar.tsx";
import { CatalogueAlert } from "./CatalogueAlert.tsx";
import { DialogActions } from "./controls.tsx";
import { useArrivalFocus } from "./focus.ts";
import { ChangesLink } from "./changes/ChangesLink.tsx";
import { MediaLink } from "./media/MediaLink.tsx";
import { GetLatestButton, LatestOutcome } from "./latest/GetLatest.tsx";
import type { GetLatestState } from "./latest/useGetLatest.ts";
import { usePresence } from "./team/usePresence.ts";
import type { EditorLocale } from "../protocol.ts";
import { LocalePages } from "./locales/LocalePages.tsx";
import { LocaleSwitch } from "./locales/LocaleSwitch.tsx";
import { TranslateDialog } from "./locales/TranslateDialog.tsx";
import { useTranslations } from "./locales/useTranslations.ts";
import { pagesMatching, searchTexts } from "./page-search.ts";
import { PageTable } from "./PageTable.tsx";
import type { RowsHandle } from "./WindowedTable.tsx";
import "./page-table.css";
import "./page-list.css";
import "./dialogs.css";

interface PageListProps {
  pages: PageSummary[];
  /** The shared sections, listed beside the pages. */
  sections?: SectionSummary[];
  /** Whether the list was reached from a page (rather than being the editor's first view). */
  arrived: boolean;
  templates: string[];
  /** Whether the project is a git checkout (the bootstrap's `git`). */
  git: boolean;
  latest: GetLatestState;
  onOpen: (file: string) => void;
  onCreate: (template: string, slug: string, name: string) => Promise<Refusal | undefined>;
  onDuplicate: (file: string, slug: string) => Promise<Refusal | undefined>;
  onTranslate: (file: string, locale: string, path: string) => Promise<Refusal | undefined>;
  /** The signed-in person, in the team editor: a viewer is offered nothing that writes. */
  person?: SignedInPerson;
}

/** The search box's name: a translation's title or address, or a locale's code, name or prefix, finds pages too. */
const SEARCH_LABEL = "Search by title, path, menu or locale";

const slugOf = (file: string) => file.replace(/^.*\//, "").replace(/\.json$/, "");

/** Asks for the slug of a copy of `page`, and makes it: the same folder, the address beside the page's. */
function DuplicateDialog({
  page,
  onDuplicate,
  onClose,
}: {
  page: PageSummary;
  onDuplicate: PageListProps["onDuplicate"];
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [slug, setSlug] = useState(`${slugOf(page.file)}-copy`);
  const [error, setError] = useState<Refusal | undefined>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const folder = page.file.replace(/[^/]*$/, "");
  return (
    <dialog ref={dialog} className="duplicate" aria-labelledby="duplicate-title" onClose={onClose}>
      <h2 id="duplicate-title">Duplicate “{page.title}”</h2>
      <p className="muted">
        A copy of every block, at a new address, in a new file beside <code>{page.file}</code>. It opens in the editor.
      </p>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError(await onDuplicate(page.file, slug));
        }}
      >
        <label>
          Slug of the copy (last part of the address)
          <input required value={slug} onChange={(event) => setSlug(event.target.value)} />
        </label>
        <p className="muted">
          Address <code>{siblingPath(page.path, slug)}</code>, file{" "}
          <code>
            {folder}
            {slug}.json
          </code>
        </p>
        <DialogActions refused={error} label="Duplicate" onCancel={() => dialog.current?.close()} />
      </form>
    </dialog>
  );
}

/**
 * Every page (title, path, place in the Industries menu), with search; new pages from the scaffold's templates, and
 * copies of a page.
 */
export function PageList({
  pages,
  sections = [],
  arrived,
  templates,
  git,
  latest,
  onOpen,
  onCreate,
  onDuplicate,
  onTranslate,
  person,
}: PageListProps) {
  const { overview } = useTranslations();
  const locales = overview && overview.locales.length > 1 ? overview.locales : undefined;
  const [localeCode, setLocaleCode] = useState<string>();
  const shownLocale = locales?.find((locale) => locale.code === localeCode && !locale.isDefault);
  const [translating, setTranslating] = useState<{ page: PageSummary; locale: EditorLocale } | null>(null);
  const writes = person?.role !== "viewer";
  // The team editor: who else has each page open, live.
  const present = usePresence(person !== undefined, null);
  const heading = useArrivalFocus(arrived);
  const [query, setQuery] = useState("");
  const [duplicating, setDuplicating] = useState<PageSummary | null>(null);
  const [template, setTemplate] = useState(templates.includes("industry") ? "industry" : templates[0]);
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [error, setError] = useState<Refusal | undefined>();
  const words = query.trim().toLowerCase();
  const texts = useMemo(() => searchTexts(pages, overview), [pages, overview]);
  const shown = useMemo(() => pagesMatching(pages, texts, words), [pages, texts, words]);
  // What a screen reader hears after a keystroke: how many pages match.
  const matches = words ? `${shown.length} of ${pages.length} pages match “${query.trim()}”.` : "";
  const rows = useRef<RowsHandle>(null);
  return (
    <main className="pages" id="main">
      <div className="pages-head">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Pages
          </h1>
          <p className="muted">
            {person
              ? `${pages.length} pages. ${writes ? "What you save is your draft, yours alone, until you publish it for review." : "You may read the pages, their changes and their history."}`
              : `${pages.length} pages in site-config/pages/. Changes are saved to these files: git status lists them (new pages too), git diff shows what changed.`}
          </p>
        </div>
        <div className="pages-tools">
          {person && <PersonBar person={person} />}
          {/* An update Get latest brought may leave fewer changed files (the person's own, merged): counted again. */}
          <ChangesLink git={git} revision={String(latest.updates)} />
          <MediaLink />
          {writes && <GetLatestButton latest={latest} />}
          <button type="button" className="button" onClick={() => onOpen("site-config/site.json")}>
            <Settings size={16} aria-hidden /> Site settings (navigation, footer, contact)
          </button>
        </div>
      </div>
      <LatestOutcome latest={latest} />
      <div className="search">
        <Search size={16} aria-hidden />
        <input
          type="search"
          aria-label={SEARCH_LABEL}
          placeholder={SEARCH_LABEL}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "ArrowDown") return;
            event.preventDefault();
            rows.current?.focusRow(0);
          }}
        />
      </div>
      <p className="visually-hidden" role="status">
        {matches}
      </p>
      {locales && (
        <LocaleSwitch locales={locales} value={shownLocale?.code ?? locales[0]!.code} onChange={setLocaleCode} />
      )}
      {shownLocale && overview && (
        <LocalePages
          ref={rows}
          locale={shownLocale}
          overview={overview}
          pages={shown}
          writes={writes}
          onOpen={onOpen}
          onTranslate={(page, locale) => setTranslating({ page, locale })}
        />
      )}
      <PageTable
        ref={shownLocale ? undefined : rows}
        pages={shown}
        locales={locales}
        overview={overview}
        present={present}
        writes={writes}
        hidden={Boolean(shownLocale)}
        onOpen={onOpen}
        onTranslate={(page, locale) => setTranslating({ page, locale })}
        onDuplicate={setDuplicating}
      />
      {shown.length === 0 && <p className="muted">No page matches “{query}”.</p>}
      <SectionList
        sections={sections.filter((section) => `${section.name} ${section.id}`.toLowerCase().includes(words))}
      />

      {writes && (
        <section className="new-page" aria-labelledby="new-page-title">
          <h2 id="new-page-title">
            <FilePlus2 size={18} aria-hidden /> New page
          </h2>
          <p className="muted">The same templates and checks as npm run new:page: it never overwrites a page.</p>
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              setError(await onCreate(template, slug || slugify(name), name));
            }}
          >
            <label>
              Template
              <select value={template} onChange={(event) => setTemplate(event.target.value)}>
                {templates.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
            <label>
              Name, as shown in menus
              <input required value={name} onChange={(event) => setName(event.target.value)} />
            </label>
            <label>
              Slug (last part of the address)
              <input value={slug} placeholder={slugify(name)} onChange={(event) => setSlug(event.target.value)} />
            </label>
            <button type="submit" className="button button-primary">
              New page
            </button>
          </form>
          {error && <CatalogueAlert refusal={error} />}
        </section>
      )}
      {translating && (
        <TranslateDialog
          page={translating.page}
          locale={translating.locale}
          leftOut={
            overview?.translations.find(
              (translation) =>
                translation.locale === translating.locale.code && translation.source === translating.page.file,
            )?.leftOut ?? []
          }
          onTranslate={onTranslate}
          onClose={() => setTranslating(null)}
        />
      )}
      {duplicating && (
        <DuplicateDialog page={duplicating} onDuplicate={onDuplicate} onClose={() => setDuplicating(null)} />
      )}
    </main>
  );
}
