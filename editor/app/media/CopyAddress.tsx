import { useState } from "react";
import { Check, Copy } from "lucide-react";

/** Copies a file's address (as pages name it) for pasting into a field or a message; says so once done. */
export function CopyAddress({ src }: { src: string }) {
  const [copied, setCopied] = useState(false);
  // Only where the browser lets a page write to the clipboard (a secure context: localhost, or HTTPS).
  if (typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className="link-button"
      onClick={() =>
        void navigator.clipboard.writeText(src).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      <span aria-live="polite">{copied ? "Copied" : "Copy address"}</span>
    </button>
  );
}
