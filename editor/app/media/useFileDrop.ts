import { type DragEvent, useRef, useState } from "react";

/** Whether what is dragged holds files (not a selected text, not a link from the page). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes("Files");

/**
 * Files dropped anywhere on an element (its handlers, to spread on it), and whether files are dragged over it now, to
 * show where they will go. Entering and leaving its children fires on the way: a count of entries tells when the
 * files have left it. Null handlers when `enabled` is false (a viewer uploads nothing).
 */
export function useFileDrop(onFiles: (files: File[]) => void, enabled = true) {
  const [over, setOver] = useState(false);
  const entered = useRef(0);
  if (!enabled) return { over: false, handlers: {} };
  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      entered.current += 1;
      setOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser opens the dropped file in the tab, leaving the editor.
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      entered.current = Math.max(0, entered.current - 1);
      if (entered.current === 0) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      entered.current = 0;
      setOver(false);
      onFiles(files);
    },
  };
  return { over, handlers };
}
