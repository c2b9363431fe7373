import { type Ref, useMemo } from "react";
import { Languages } from "lucide-react";
import { Link } from "react-router";
import { type EditorLocale, type EditorTranslations, editAddress } from "../../protocol.ts";
import type { PageSummary } from "../api.ts";
import { type RowsHandle, WindowedTable } from "../WindowedTable.tsx";
import { TranslationBadge } from "./TranslationBadge.tsx";
import { translationIndex } from "./translation-index.ts";

/**
 * A translated locale's pages: each source page with its translation (title, address) and status, or "Translate"
 * where it has none; only the rows in the window rendered.
 */
export function LocalePages({
  locale,
  overview,
  pages,
  writes,
  onOpen,
  onTranslate,
  ref,
}: {
  locale: EditorLocale;
  overview: EditorTranslations;
  /** The source pages, as the page list shows them (search applied). */
  pages: readonly PageSummary[];
  writes: boolean;
  onOpen: (file: string) => void;
  onTranslate: (page: PageSummary, locale: EditorLocale) => void;
  ref?: Ref<RowsHandle>;
}) {
  const rows = useMemo(() => {
    const ofSource = translationIndex(overview).get(locale.code);
    return pages.flatMap((page) => {
      const translation = ofSource?.get(page.file);
      return translation ? [{ page, translation }] : [];
    });
  }, [pages, overview, locale.code]);
  return (
    <WindowedTable
      ref={ref}
      rows={rows}
      keyOf={({ page }) => page.file}
      label={locale.name}
      className="locale-table"
      columns={4}
      head={
        <>
          <th scope="col" className="col-title">
            Title
          </th>
          <th scope="col" className="col-path">
            Path
          </th>
          <th scope="col">Source page</th>
          <th scope="col" className="col-status">
            Status
          </th>
        </>
      }
      row={({ page, translation }) => {
        const file = translation.file;
        return (
          <>
            <td lang={locale.code} dir={locale.dir} className={file ? undefined : "cell-none"}>
              {file ? (
                <div className="cell-lines" title={translation.title || file}>
                  <Link to={editAddress(file)}>{translation.title || file}</Link>
                </div>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
            <td className={translation.path ? undefined : "cell-none"}>
              {translation.path ? (
                <div className="cell-lines">
                  <code>{translation.path}</code>
                </div>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
            <td data-label="Source page">
              <div className="cell-lines" title={`${page.title} ${page.path}`}>
                {page.title} <code className="muted">{page.path}</code>
              </div>
            </td>
            <td className="page-actions">
              <TranslationBadge
                locale={locale}
                translation={translation}
                onClick={file ? () => onOpen(file) : writes ? () => onTranslate(page, locale) : undefined}
              />
              {!file && writes && (
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={`Translate ${page.title} into ${locale.name}`}
                  onClick={() => onTranslate(page, locale)}
                >
                  <Languages size={14} aria-hidden /> Translate
                </button>
              )}
            </td>
          </>
        );
      }}
    />
  );
}
