import { useCallback, useMemo, useState } from "react";
import { type SectionDoc, detachSection, sectionIdOf } from "../../../contract/sections.ts";
import { type Bootstrap, type SectionSummary, api } from "../api.ts";
import type { Doc } from "../document/drafts.ts";

/** A page the section editor previews with the section as edited. */
interface PreviewedPage {
  file: string;
  path: string;
  blocks: unknown[];
}

const editAddress = (file: string) => `#/edit/${encodeURIComponent(file)}`;

/**
 * What the document editor does with shared sections: in a section's file, the pages it changes and the one previewed
 * with the section as edited; in a page, opening a section it places and detaching one (after the dialog asks).
 */
export function useSectionEditing(
  file: string,
  rootFile: string,
  boot: Bootstrap,
  value: Doc | null,
  change: (edit: (doc: Doc | null) => Doc | null) => void,
) {
  const isSection = rootFile === "schemas/section.schema.json";
  const id = isSection ? sectionIdOf(file) : undefined;
  const summary: SectionSummary | undefined = boot.sectionList.find((section) => section.id === id);
  const [previewed, setPreviewed] = useState<PreviewedPage | undefined>();
  const [detaching, setDetaching] = useState<{ index: number; section: string } | undefined>();

  const preview = useCallback((page: SectionSummary["pages"][number] | undefined) => {
    if (!page) return setPreviewed(undefined);
    void api.open(page.file).then((opened) =>
      setPreviewed({
        file: page.file,
        path: page.path,
        blocks: Array.isArray(opened.value.blocks) ? (opened.value.blocks as unknown[]) : [],
      }),
    );
  }, []);

  /** The sections the preview places: the saved ones, and this one as edited. */
  const sections = useMemo(
    () => (id && value ? { ...boot.sections, [id]: value as SectionDoc } : boot.sections),
    [id, value, boot.sections],
  );

  const detach = useCallback(() => {
    if (!detaching) return;
    const placed = new Map(Object.entries(boot.sections));
    change((doc) => doc && { ...doc, blocks: detachSection(doc.blocks as unknown[], detaching.index, placed) });
  }, [detaching, boot.sections, change]);

  return {
    isSection,
    summary,
    previewed,
    preview,
    sections,
    detaching,
    askDetach: (index: number, blocks: Doc[]) =>
      setDetaching({ index, section: String((blocks[index] as { section?: unknown }).section) }),
    closeDetach: () => setDetaching(undefined),
    detach,
    editSection: (section: string) => (location.hash = editAddress(`site-config/sections/${section}.json`)),
    openRenamed: (renamed: string) => (location.hash = editAddress(renamed)),
  };
}
