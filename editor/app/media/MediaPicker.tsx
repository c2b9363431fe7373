import { useCallback, useEffect, useRef } from "react";
import { X } from "lucide-react";
import type { MediaFile } from "../../protocol.ts";
import { IconButton } from "../controls.tsx";
import { LibraryBrowser } from "./LibraryBrowser.tsx";
import { useFileDrop } from "./useFileDrop.ts";
import { useMediaLibrary } from "./useMediaLibrary.ts";
import { useUploads } from "./useUploads.ts";
import "./media.css";

interface Props {
  /** The field's value now, marked in the grid. */
  current?: string;
  /** The files the field takes (its schema's formats); every file when absent. */
  accepts?: (file: MediaFile) => boolean;
  /** Whether the person may upload (a viewer may not). */
  writes: boolean;
  onChoose: (src: string) => void;
  onClose: () => void;
}

/**
 * The library in a dialog, for a field: the same search, uploads (by button or dropped on the dialog) and grid as the
 * Media view, and choosing a tile puts its address in the field and closes. Escape closes without a choice.
 */
export function MediaPicker({ current, accepts, writes, onChoose, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const library = useMediaLibrary(accepts);
  const { reload } = library;
  const uploads = useUploads(useCallback(() => reload(), [reload]));
  const drop = useFileDrop((files) => void uploads.upload(files), writes);
  useEffect(() => {
    dialog.current?.showModal();
    search.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`media-picker${drop.over ? " media-dropping" : ""}`}
      aria-labelledby="media-picker-title"
      onClose={onClose}
      {...drop.handlers}
    >
      <div className="media-picker-head">
        <h2 id="media-picker-title">Choose from the media library</h2>
        <IconButton label="Close" icon={X} size={18} tooltip onClick={() => dialog.current?.close()} />
      </div>
      <LibraryBrowser
        library={library}
        uploads={writes ? uploads : undefined}
        marked={current}
        mark="current"
        searchRef={search}
        onPick={(file) => {
          onChoose(file.src);
          dialog.current?.close();
        }}
      />
    </dialog>
  );
}
