import type { Ref } from "react";
import { Copy } from "lucide-react";
import { Link } from "react-router";
import { editorErrors } from "../../contract/errors.ts";
import { type EditorLocale, type EditorTranslations, type PresentPerson, editAddress } from "../protocol.ts";
import type { PageSummary } from "./api.ts";
import { SourceTranslations } from "./locales/TranslationBadge.tsx";
import { PresenceChips } from "./team/PresenceChips.tsx";
import { type RowsHandle, WindowedTable } from "./WindowedTable.tsx";

/**
 * The source pages as the page list shows them (title, path, place in the Industries menu, translations, Duplicate),
 * one row each, only those in the window rendered.
 */
export function PageTable({
  pages,
  locales,
  overview,
  present,
  writes,
  hidden,
  onOpen,
  onTranslate,
  onDuplicate,
  ref,
}: {
  pages: readonly PageSummary[];
  /** The site's locales, when it has more than one: a column of translations. */
  locales?: readonly EditorLocale[];
  overview?: EditorTranslations;
  /** Who else has each page open (the team editor). */
  present: Record<string, PresentPerson[]>;
  writes: boolean;
  hidden: boolean;
  onOpen: (file: string) => void;
  onTranslate: (page: PageSummary, locale: EditorLocale) => void;
  onDuplicate: (page: PageSummary) => void;
  ref?: Ref<RowsHandle>;
}) {
  const translations = locales && overview;
  return (
    <WindowedTable
      ref={ref}
      rows={pages}
      keyOf={(page) => page.file}
      label="Pages"
      hidden={hidden}
      columns={translations ? 5 : 4}
      head={
        <>
          <th scope="col" className="col-title">
            Title
          </th>
          <th scope="col" className="col-path">
            Path
          </th>
          <th scope="col" className="col-nav">
            Industries menu
          </th>
          {translations && (
            // Each translated locale's badge on one line.
            <th scope="col" style={{ width: `${(locales.length - 1) * 8 + 2}em` }}>
              Translations
            </th>
          )}
          <th scope="col" className="col-actions">
            <span className="visually-hidden">Actions</span>
          </th>
        </>
      }
      row={(page) => (
        <>
          <td>
            <div className="cell-lines" title={page.notJson ? page.file : page.title}>
              <Link to={editAddress(page.file)}>{page.notJson ? page.file : page.title}</Link>{" "}
              <PresenceChips people={present[page.file]} />
              {page.notJson && <span className="tag-error"> {editorErrors.notJson.title}</span>}
            </div>
          </td>
          <td>
            <div className="cell-lines">
              <code>{page.path}</code>
            </div>
          </td>
          {page.nav?.menu === "industries" ? (
            <td className="nav-cell" data-label="Industries menu">
              {page.nav.label}{" "}
              <span className="muted nav-order">
                · order {page.nav.order ?? 100}
                {page.nav.featured ? " · featured" : ""}
              </span>
            </td>
          ) : (
            <td className="cell-none">
              <span className="muted">—</span>
            </td>
          )}
          {translations && (
            <td>
              <SourceTranslations
                page={page}
                overview={overview}
                onOpen={onOpen}
                onTranslate={writes ? (locale) => onTranslate(page, locale) : undefined}
              />
            </td>
          )}
          <td className="page-actions">
            {writes && (
              <button
                type="button"
                className="button button-ghost"
                aria-label={`Duplicate ${page.title}`}
                onClick={() => onDuplicate(page)}
              >
                <Copy size={14} aria-hidden /> Duplicate
              </button>
            )}
          </td>
        </>
      )}
    />
  );
}
