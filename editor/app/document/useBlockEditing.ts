import { useCallback, useState } from "react";
import type { BlockMeta } from "../../block-meta.ts";
import { closingOf } from "../../../contract/closing.ts";
import type { SectionDoc } from "../../../contract/sections.ts";
import { focusAfterRender } from "../focus.ts";
import type { Selection } from "../Outline.tsx";
import { move } from "../paths.ts";
import type { Doc } from "./drafts.ts";

type Change = (update: (doc: Doc | null) => Doc | null) => void;

/**
 * Where a new block goes: after the selected one, or at the end; never after the page's closing call to action (the
 * block itself or the shared section placing it, as `sections` place them), which stays last.
 */
export function insertionPoint(
  blocks: Doc[],
  selected: Selection,
  sections: Readonly<Record<string, SectionDoc>> = {},
): number {
  const end = closingOf(blocks, new Map(Object.entries(sections)))?.index ?? blocks.length;
  return typeof selected === "number" ? Math.min(selected + 1, end) : end;
}

/**
 * The selected block and the changes to the list of blocks (add, move, duplicate, delete), each announced to screen
 * readers and keeping the selection on the block it was about.
 */
export function useBlockEditing(change: Change) {
  const [selected, setSelected] = useState<Selection>("page");
  const [scrollToSelected, setScrollToSelected] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  const changeBlocks = useCallback(
    (update: (blocks: Doc[]) => Doc[], message: string) => {
      change((doc) => doc && { ...doc, blocks: update((doc.blocks as Doc[] | undefined) ?? []) });
      setAnnouncement(message);
    },
    [change],
  );
  const select = useCallback((selection: Selection, fromOutline = true) => {
    setSelected(selection);
    setScrollToSelected(fromOutline);
  }, []);
  const selectFromPreview = useCallback((index: number) => select(index, false), [select]);
  const onMove = useCallback(
    (from: number, to: number, label: string) => {
      changeBlocks((list) => move(list, from, to), `${label} moved to position ${to + 1}`);
      setSelected((current) => (current === from ? to : current));
    },
    [changeBlocks],
  );
  const onDuplicate = useCallback(
    (index: number, label: string) => {
      changeBlocks((list) => {
        const copy = structuredClone(list[index]);
        // Ids are anchors and must be unique on a page: the copy starts without one.
        delete copy.id;
        return [...list.slice(0, index + 1), copy, ...list.slice(index + 1)];
      }, `${label} duplicated`);
      select(index + 1);
    },
    [changeBlocks, select],
  );
  const onDelete = useCallback(
    (index: number, label: string) => {
      changeBlocks((list) => list.filter((_, i) => i !== index), `${label} deleted`);
      select(index > 0 ? index - 1 : "page");
      focusAfterRender(() => document.querySelector(index > 0 ? `[data-block-index="${index - 1}"]` : ".outline-page"));
    },
    [changeBlocks, select],
  );
  const onInsert = useCallback(
    (blocks: Doc[], meta: BlockMeta, sections?: Readonly<Record<string, SectionDoc>>) => {
      const at = insertionPoint(blocks, selected, sections);
      const inserted = structuredClone(meta.example) as Doc;
      changeBlocks(
        (list) => [...list.slice(0, at), inserted, ...list.slice(at)],
        `${meta.label} added at position ${at + 1}`,
      );
      select(at);
    },
    [changeBlocks, select, selected],
  );

  return {
    selected,
    scrollToSelected,
    announcement,
    select,
    selectFromPreview,
    onMove,
    onDuplicate,
    onDelete,
    onInsert,
  };
}
