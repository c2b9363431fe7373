import { useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { editAddress } from "../../protocol.ts";
import { type SectionDoc, detachSection, sectionIdOf } from "../../../contract/sections.ts";
import { type Bootstrap, type SectionSummary, api } from "../api.ts";
import type { Doc } from "../document/drafts.ts";
import { placedSectionFile, placedSections } from "./placedSections.ts";

/** A page the section editor previews with the section as edited. */
interface PreviewedPage {
  file: string;
  path: string;
  blocks: unknown[];
}

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
  const summary: SectionSummary | undefined = boot.sectionList.find((section) => section.file === file);
  const [previewed, setPreviewed] = useState<PreviewedPage | undefined>();
  const [detaching, setDetaching] = useState<{ index: number; section: string } | undefined>();
  const navigate = useNavigate();

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

  /** The sections the preview places, as the file's locale places them: the saved ones, and this one as edited. */
  const sections = useMemo(() => {
    const placed = placedSections(boot, file);
    return id && value ? { ...placed, [id]: value as SectionDoc } : placed;
  }, [id, value, boot, file]);

  const detach = useCallback(() => {
    if (!detaching) return;
    const placed = new Map(Object.entries(placedSections(boot, file)));
    change((doc) => doc && { ...doc, blocks: detachSection(doc.blocks as unknown[], detaching.index, placed) });
  }, [detaching, boot, file, change]);

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
    editSection: (section: string) => void navigate(editAddress(placedSectionFile(boot, file, section))),
    openRenamed: (renamed: string) => void navigate(editAddress(renamed)),
  };
}
