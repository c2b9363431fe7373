import { Eye, History, ListTree, type LucideIcon, SlidersHorizontal } from "lucide-react";
import "./segmented.css";

/** The editor's panes, side by side on a wide screen, one at a time on a phone. */
export type Pane = "outline" | "form" | "preview";

/** One pane as the switch offers it. */
export interface PaneChoice {
  pane: Pane;
  label: string;
  icon: LucideIcon;
}

const PREVIEW: PaneChoice = { pane: "preview", label: "Preview", icon: Eye };

/**
 * The panes a document has: a page's or a section's blocks, its fields and its preview; site.json's settings and
 * preview; or, while its history is open, its versions (in the outline's place) and the preview.
 */
export function paneChoices(shows: "blocks" | "settings" | "history"): PaneChoice[] {
  // The page's published versions; "History" names the toolbar's button that opens them.
  if (shows === "history") return [{ pane: "outline", label: "Versions", icon: History }, PREVIEW];
  const form: PaneChoice = { pane: "form", label: shows === "blocks" ? "Fields" : "Settings", icon: SlidersHorizontal };
  return shows === "blocks" ? [{ pane: "outline", label: "Blocks", icon: ListTree }, form, PREVIEW] : [form, PREVIEW];
}

/** The pane shown of `choices`: the one asked for when the document has it, else its first. */
export const shownPane = (choices: readonly PaneChoice[], asked: Pane): Pane =>
  choices.some((choice) => choice.pane === asked) ? asked : choices[0]!.pane;

/**
 * On a phone, which pane the editor shows: segmented buttons, the shown one pressed, each named by what it shows
 * ("Blocks", "Fields", "Preview").
 */
export function PaneSwitch({
  choices,
  pane,
  onChange,
}: {
  choices: readonly PaneChoice[];
  pane: Pane;
  onChange: (pane: Pane) => void;
}) {
  return (
    <div className="segmented pane-switch" role="group" aria-label="Show">
      {choices.map(({ pane: each, label, icon: Icon }) => (
        <button type="button" key={each} aria-pressed={each === pane} onClick={() => onChange(each)}>
          <Icon size={16} aria-hidden /> {label}
        </button>
      ))}
    </div>
  );
}
