import { useEffect, useRef, useState } from "react";
import { editorTranslationLines, messageOf } from "../../../contract/errors.ts";
import type { EditorLocale } from "../../protocol.ts";
import { prefixedPath } from "../../../contract/locales.ts";
import type { PageSummary, Refusal } from "../api.ts";
import { DialogActions } from "../controls.tsx";
import "../dialogs.css";

/** Where a locale's translation of a page goes: the same relative file under site-config/locales/<code>/pages/. */
export const translationFile = (code: string, file: string) =>
  file.replace(/^site-config\/pages\//, `site-config/locales/${code}/pages/`);

/**
 * Asks for a translation's address (the source's under the locale's prefix, to change at will), says which links it
 * leaves out (to pages the locale has no version of), and creates it.
 */
export function TranslateDialog({
  page,
  locale,
  leftOut = [],
  onTranslate,
  onClose,
}: {
  page: PageSummary;
  locale: EditorLocale;
  /** The links the translation leaves out, in words: they lead to pages with no version in the locale. */
  leftOut?: readonly string[];
  onTranslate: (file: string, locale: string, path: string) => Promise<Refusal | undefined>;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [address, setAddress] = useState(prefixedPath(locale.prefix, page.path));
  const [error, setError] = useState<Refusal | undefined>();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="duplicate" aria-labelledby="translate-title" onClose={onClose}>
      <h2 id="translate-title">
        Translate “{page.title}” into {locale.name}
      </h2>
      <p className="muted">
        {messageOf(editorTranslationLines.translateIntro, {
          language: locale.name,
          file: translationFile(locale.code, page.file),
        })}
      </p>
      {leftOut.length > 0 && (
        <p role="note">{messageOf(editorTranslationLines.leftOut, { language: locale.name, links: leftOut })}</p>
      )}
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError(await onTranslate(page.file, locale.code, address));
        }}
      >
        <label>
          Address of the translation
          <input required value={address} onChange={(event) => setAddress(event.target.value)} />
        </label>
        <p className="muted">{editorTranslationLines.translateIntro.hint}</p>
        <DialogActions refused={error} label="Translate" onCancel={() => dialog.current?.close()} />
      </form>
    </dialog>
  );
}
