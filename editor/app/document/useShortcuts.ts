import { useEffect } from "react";

interface Shortcuts {
  undo: () => void;
  redo: () => void;
  save: () => void;
}

/** Ctrl (⌘ on a Mac) + Z undoes, + Shift+Z or + Y redoes, + S saves, anywhere in the editor's tab. */
export function useShortcuts({ undo, redo, save }: Shortcuts) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else if (key === "s") save();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo, save]);
}
