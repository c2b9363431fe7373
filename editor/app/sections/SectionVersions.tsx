import { useEffect, useRef, useState } from "react";
import { Languages } from "lucide-react";
import { editorSectionLines, messageOf } from "../../../contract/errors.ts";
import type { EditorLocale } from "../../protocol.ts";
import { ApiError, type Bootstrap, type Refusal, type SectionSummary, api, refusalOf } from "../api.ts";
import { DialogActions } from "../controls.tsx";
import { useTranslations } from "../locales/useTranslations.ts";
import "./sections.css";
import "../dialogs.css";

/** Where a locale's own version of a section goes: site-config/locales/<code>/sections/<id>.json. */
export const localeSectionFile = (code: string, id: string) => `site-config/locales/${code}/sections/${id}.json`;

/** Says what Translate writes and what it changes, and makes the locale's version of the section. */
function TranslateSectionDialog({
  section,
  locale,
  onTranslate,
  onClose,
}: {
  section: SectionSummary;
  locale: EditorLocale;
  onTranslate: () => Promise<Refusal | undefined>;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<Refusal | undefined>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="duplicate" aria-labelledby="translate-section-title" onClose={onClose}>
      <h2 id="translate-section-title">
        Translate “{section.name}” into {locale.name}
      </h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError(await onTranslate());
        }}
      >
        <p>
          {messageOf(editorSectionLines.translateIntro, {
            language: locale.name,
            file: localeSectionFile(locale.code, section.id),
          })}
        </p>
        <p className="muted">{editorSectionLines.translateIntro.hint}</p>
        <DialogActions refused={error} label="Translate" onCancel={() => dialog.current?.close()} />
      </form>
    </dialog>
  );
}

interface Props {
  /** A section of the default locale (site-config/sections/), whose versions are listed. */
  section: SectionSummary;
  localeSections: Bootstrap["localeSections"];
  /** Whether the person may write (a viewer only reads). */
  writes: boolean;
  /** After Translate: the locale's new version, which the editor opens. */
  onTranslated: (file: string) => void;
  onOpen: (file: string) => void;
}

/**
 * A section's versions in the site's other locales (docs/sections.md#in-several-languages): each locale's own, to
 * open, or Translate where the locale's pages place this one, which writes the locale's version as a copy to translate.
 */
export function SectionVersions({ section, localeSections, writes, onTranslated, onOpen }: Props) {
  const { overview } = useTranslations();
  const [translating, setTranslating] = useState<EditorLocale | null>(null);
  const locales = overview?.locales.filter((locale) => !locale.isDefault) ?? [];
  if (locales.length === 0) return null;
  return (
    <section className="section-usage" aria-labelledby="section-versions-title">
      <h3 id="section-versions-title">In other languages</h3>
      <ul className="section-pages">
        {locales.map((locale) => {
          const file = localeSectionFile(locale.code, section.id);
          const own = Boolean(localeSections[locale.code]?.[section.id]);
          return (
            <li key={locale.code}>
              <span>
                {own
                  ? messageOf(editorSectionLines.localeVersion, { language: locale.name, file })
                  : messageOf(editorSectionLines.sourcePlaced, { language: locale.name })}
              </span>
              {own ? (
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={`Open the ${locale.name} version`}
                  onClick={() => onOpen(file)}
                >
                  Open
                </button>
              ) : (
                writes && (
                  <button
                    type="button"
                    className="button button-ghost"
                    aria-label={`Translate ${section.name} into ${locale.name}`}
                    onClick={() => setTranslating(locale)}
                  >
                    <Languages size={14} aria-hidden /> Translate
                  </button>
                )
              )}
            </li>
          );
        })}
      </ul>
      {translating && (
        <TranslateSectionDialog
          section={section}
          locale={translating}
          onClose={() => setTranslating(null)}
          onTranslate={async () => {
            try {
              const { file } = await api.translateSection(section.id, translating.code);
              onTranslated(file);
              return undefined;
            } catch (error) {
              if (error instanceof ApiError) return refusalOf(error);
              throw error;
            }
          }}
        />
      )}
    </section>
  );
}
