import { type KeyboardEvent, useEffect, useRef } from "react";
import { X } from "lucide-react";
import type { MediaAspect, MediaFile } from "../../protocol.ts";
import { IconButton } from "../controls.tsx";
import { CopyAddress } from "./CopyAddress.tsx";
import { DeleteMedia } from "./DeleteMedia.tsx";
import { FocalPoint } from "./FocalPoint.tsx";
import { isPicture, pixelsOf, weightOf } from "./media-words.ts";
import { originalAddress } from "./original-address.ts";
import { RenameMedia } from "./RenameMedia.tsx";
import { ReplaceMedia } from "./ReplaceMedia.tsx";
import { UsedOn } from "./UsedOn.tsx";

interface Props {
  file: MediaFile;
  aspects: MediaAspect[];
  writes: boolean;
  /** What the last change to the file did (its rename). */
  notice: string | null;
  onClose: () => void;
  /** After a change the library must show (a new focal point, new bytes). */
  onChanged: () => unknown;
  onRenamed: (src: string, words: string) => unknown;
  onDeleted: (words: string) => unknown;
}

/**
 * One file's details, beside the grid: a larger preview (a picture's focal point set on it, with the site's crops),
 * its facts, the pages that use it, and what can be done with it. Its heading takes the focus as it opens; Escape
 * closes it.
 */
export function MediaDetails({ file, aspects, writes, notice, onClose, onChanged, onRenamed, onDeleted }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    // A dialog opened from the details (a deletion's confirmation) closes itself on Escape, leaving them open.
    if (event.key !== "Escape" || (event.target as Element).closest("dialog")) return;
    event.preventDefault();
    onClose();
  };
  const pixels = pixelsOf(file);
  return (
    <aside className="media-details" aria-labelledby="media-details-title" onKeyDown={onKeyDown}>
      <div className="media-details-head">
        <h2 id="media-details-title" ref={heading} tabIndex={-1}>
          {file.name}
        </h2>
        <IconButton label="Close details" icon={X} size={18} tooltip onClick={onClose} />
      </div>
      <p role="status" className="media-notice">
        {notice}
      </p>
      {isPicture(file) ? (
        <FocalPoint key={file.version} file={file} aspects={aspects} writes={writes} onSaved={onChanged} />
      ) : (
        <video className="media-video" src={originalAddress(file)} controls muted preload="metadata" />
      )}
      <dl className="media-facts">
        {pixels && (
          <>
            <dt>Size</dt>
            <dd>{pixels} pixels</dd>
          </>
        )}
        <dt>Type</dt>
        <dd>{file.type}</dd>
        <dt>Weight</dt>
        <dd>{weightOf(file.bytes)}</dd>
        <dt>Address</dt>
        <dd className="media-address">
          <code>{file.src}</code> <CopyAddress src={file.src} />
        </dd>
      </dl>
      <UsedOn uses={file.usedOn} />
      {writes && (
        <div className="media-actions">
          <ReplaceMedia file={file} onReplaced={onChanged} />
          <RenameMedia file={file} onRenamed={onRenamed} />
          <DeleteMedia file={file} onDeleted={onDeleted} />
        </div>
      )}
    </aside>
  );
}
