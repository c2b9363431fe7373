import { useEffect, useState } from "react";

/**
 * Where the editor shows one pane at a time (outline, form or preview) with a switch between them, rather than three
 * side by side: a phone, or a tablet held upright. phone.css lays it out under the same width.
 */
export const PHONE_LAYOUT = "(max-width: 899px)";

const matches = () => typeof matchMedia === "function" && matchMedia(PHONE_LAYOUT).matches;

/** Whether the window is narrow enough for the one-pane layout, following it as the window is resized or turned. */
export function usePhoneLayout(): boolean {
  const [phone, setPhone] = useState(matches);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const query = matchMedia(PHONE_LAYOUT);
    const onChange = () => setPhone(query.matches);
    onChange();
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return phone;
}
