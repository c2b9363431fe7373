import { Languages } from "lucide-react";
import { Link } from "react-router";
import { type EditorLocale, type EditorTranslations, editAddress } from "../../protocol.ts";
import type { PageSummary } from "../api.ts";
import { TranslationBadge } from "./TranslationBadge.tsx";
import "../page-table.css";

/**
 * A translated locale's pages: each source page with its translation (title, address) and status, or "Translate"
 * where it has none.
 */
export function LocalePages({
  locale,
  overview,
  pages,
  writes,
  onOpen,
  onTranslate,
}: {
  locale: EditorLocale;
  overview: EditorTranslations;
  /** The source pages, as the page list shows them (search applied). */
  pages: readonly PageSummary[];
  writes: boolean;
  onOpen: (file: string) => void;
  onTranslate: (page: PageSummary, locale: EditorLocale) => void;
}) {
  const ofSource = new Map(
    overview.translations.filter((t) => t.locale === locale.code).map((t) => [t.source, t] as const),
  );
  return (
    <table className="page-table locale-table">
      <caption className="visually-hidden">{locale.name}</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Path</th>
          <th scope="col">Source page</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {pages.flatMap((page) => {
          const translation = ofSource.get(page.file);
          if (!translation) return [];
          const file = translation.file;
          return [
            <tr key={page.file}>
              <td lang={locale.code} dir={locale.dir} className={file ? undefined : "cell-none"}>
                {file ? (
                  <Link to={editAddress(file)}>{translation.title || file}</Link>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td className={translation.path ? undefined : "cell-none"}>
                {translation.path ? <code>{translation.path}</code> : <span className="muted">—</span>}
              </td>
              <td data-label="Source page">
                {page.title} <code className="muted">{page.path}</code>
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
            </tr>,
          ];
        })}
      </tbody>
    </table>
  );
}
