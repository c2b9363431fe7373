import { useEffect, useMemo, useState } from "react";
import type { TranslationSource } from "../../protocol.ts";
import { api } from "../api.ts";
import type { SourceOfFields } from "./SourceBeside.tsx";
import { sourceTextAt } from "./source-text.ts";

/**
 * In a translation (a file under site-config/locales/), its source page's text for each field of the document as it
 * now is; undefined for any other file, or while the source is read.
 */
export function useTranslationSource(file: string, value: Record<string, unknown> | null): SourceOfFields | undefined {
  const [source, setSource] = useState<TranslationSource["source"]>(null);
  // The source's text is matched by the blocks' ids and types alone: while only texts change, the fields' context
  // stays one value, and no field renders again for another's keystroke.
  const blocks = Array.isArray(value?.blocks) ? (value.blocks as unknown[]) : [];
  const shape = JSON.stringify(
    blocks.map((block) => {
      const { type, id } = (typeof block === "object" && block !== null ? block : {}) as Record<string, unknown>;
      return { type, id };
    }),
  );
  const translated = file.startsWith("site-config/locales/");
  useEffect(() => {
    if (!translated) return;
    let live = true;
    api.translationSource(file).then(
      (answer) => live && setSource(answer.source),
      // Without its source a translation is edited all the same, as any page.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [file, translated]);
  return useMemo(
    () =>
      source
        ? {
            language: source.language,
            code: source.code,
            textAt: (path) => sourceTextAt({ blocks: JSON.parse(shape) as unknown[] }, source.value, path),
          }
        : undefined,
    [source, shape],
  );
}
