import { useCallback, useEffect, useState } from "react";
import type { EditorTranslations } from "../../protocol.ts";
import { api } from "../api.ts";

/** The site's locales and each page's translations with their status; undefined while read, or when it fails. */
export function useTranslations(): { overview: EditorTranslations | undefined; reload: () => void } {
  const [overview, setOverview] = useState<EditorTranslations>();
  const reload = useCallback(() => {
    // The page list works as before without them: a site of one locale, or a server that cannot tell.
    api.translations().then(setOverview, () => undefined);
  }, []);
  useEffect(reload, [reload]);
  return { overview, reload };
}
