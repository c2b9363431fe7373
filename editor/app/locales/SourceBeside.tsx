import { Languages } from "lucide-react";
import { editorTranslationLines, messageOf } from "../../../contract/errors.ts";
import "./locales.css";

/** What a translation's fields show of its source: the source locale's name, and its text for a field. */
export interface SourceOfFields {
  language: string;
  /** Its code, the language of the text shown. */
  code: string;
  textAt: (path: (string | number)[]) => string | undefined;
}

/** The id of a field's source text, which the field names as its description. */
export const sourceTextId = (fieldId: string) => `${fieldId}-source`;

/** The source's text for a translated field, read-only under it, labelled with the source locale's name. */
export function SourceBeside({ id, source, text }: { id: string; source: SourceOfFields; text: string }) {
  return (
    <div className="source-text" id={id}>
      <span className="source-text-label">
        <Languages size={12} aria-hidden />{" "}
        {messageOf(editorTranslationLines.sourceText, { language: source.language })}
      </span>
      <span className="source-text-words" lang={source.code}>
        {text}
      </span>
    </div>
  );
}
