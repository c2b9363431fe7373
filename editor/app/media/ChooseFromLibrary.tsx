import { useState } from "react";
import { Images } from "lucide-react";
import type { MediaFile } from "../../protocol.ts";
import { MediaPicker } from "./MediaPicker.tsx";

interface Props {
  value: string | undefined;
  /** The field's pattern (its schema's): the picker offers the files it takes. */
  pattern?: string;
  writes: boolean;
  onChoose: (src: string) => void;
}

/** The files a field's pattern takes; every file when it has none, or one this browser cannot read. */
function acceptedBy(pattern: string | undefined): ((file: MediaFile) => boolean) | undefined {
  if (!pattern) return undefined;
  try {
    const allowed = new RegExp(pattern, "u");
    return (file) => allowed.test(file.src);
  } catch {
    return undefined;
  }
}

/** A media field's way into the library: a button that opens the picker, which puts the chosen file in the field. */
export function ChooseFromLibrary({ value, pattern, writes, onChoose }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        <Images size={14} aria-hidden /> Choose from library
      </button>
      {open && (
        <MediaPicker
          current={value}
          accepts={acceptedBy(pattern)}
          writes={writes}
          onChoose={onChoose}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
