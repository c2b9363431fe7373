import { editorTranslationLines, messageOf } from "../../../contract/errors.ts";
import type { EditorLocale, EditorTranslations, LocaleTranslation } from "../../protocol.ts";
import type { PageSummary } from "../api.ts";
import { translationIndex } from "./translation-index.ts";
import "./locales.css";

const LINES = {
  missing: editorTranslationLines.missing,
  outdated: editorTranslationLines.outdated,
  "up-to-date": editorTranslationLines.upToDate,
  unknown: editorTranslationLines.unknown,
} as const;

/** A translation's status in the catalogue's words: "Deutsch: outdated, the source changed since — Hero › Heading". */
export const statusWords = (locale: EditorLocale, translation: LocaleTranslation) =>
  messageOf(LINES[translation.state], { locale: locale.name, changed: translation.changed });

/**
 * A translation's status as a badge (its state's title, with the locale's prefix where several are shown), a button
 * named by its whole status: it opens the translation, or for a missing one offers to translate the page.
 */
export function TranslationBadge({
  locale,
  translation,
  short,
  onClick,
}: {
  locale: EditorLocale;
  translation: LocaleTranslation;
  /** Shown beside other locales' badges: the locale's prefix first. */
  short?: boolean;
  /** Opens the translation, or offers to translate; none leaves the badge a label. */
  onClick?: () => void;
}) {
  const tag = locale.prefix || locale.code;
  // The name begins with the words the badge shows ("de Missing"), as a person using voice control says them.
  const words = `${short ? `${tag} ` : ""}${LINES[translation.state].title} — ${statusWords(locale, translation)}`;
  const face = (
    <>
      {short && (
        <>
          <span className="tr-badge-locale">{tag}</span>{" "}
        </>
      )}
      {LINES[translation.state].title}
    </>
  );
  if (!onClick)
    return (
      <span className={`tr-badge tr-${translation.state}`} role="img" aria-label={words} title={words}>
        {face}
      </span>
    );
  return (
    <button
      type="button"
      className={`tr-badge tr-${translation.state}`}
      aria-label={words}
      title={words}
      onClick={onClick}
    >
      {face}
    </button>
  );
}

/** A source page's translations, one badge per translated locale; a missing one offers to translate where one may. */
export function SourceTranslations({
  page,
  overview,
  onOpen,
  onTranslate,
}: {
  page: PageSummary;
  overview: EditorTranslations;
  onOpen: (file: string) => void;
  /** None for a viewer: a missing translation's badge then only says so. */
  onTranslate?: (locale: EditorLocale) => void;
}) {
  return (
    <div className="tr-badges">
      {overview.locales.slice(1).map((locale) => {
        const translation = translationIndex(overview).get(locale.code)?.get(page.file);
        if (!translation) return null;
        const file = translation.file;
        return (
          <TranslationBadge
            key={locale.code}
            short
            locale={locale}
            translation={translation}
            onClick={file ? () => onOpen(file) : onTranslate && (() => onTranslate(locale))}
          />
        );
      })}
    </div>
  );
}
