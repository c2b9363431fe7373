/** A translation's file: a page under site-config/locales/<code>/pages/. */
export const isTranslationFile = (file: string) => /^site-config\/locales\/[^/]+\/pages\//.test(file);

/**
 * The document's own fields its settings form leaves out: `blocks` (the outline edits them), `$schema`, and on a page
 * of the default locale `translationOf`, which is always an error there (LOC008). A source page that writes it still
 * shows it, so that it can be removed.
 */
export function omittedSettings(file: string, value: Record<string, unknown>): string[] {
  const offersTranslationOf = isTranslationFile(file) || value.translationOf !== undefined;
  return ["blocks", "$schema", ...(offersTranslationOf ? [] : ["translationOf"])];
}
