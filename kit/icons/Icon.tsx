import { icons } from "virtual:site-icons";
import type { IconName } from "../../contract/generated/schema-types.ts";
import { iconNotBundled } from "../../contract/icon-messages.ts";
import { DIRECTIONAL_ICON, isDirectionalIcon } from "./directional.ts";

interface IconProps {
  name: IconName;
  size?: number;
  /** Decorative by default: the text next to an icon says what it means. */
  label?: string;
}

export function Icon({ name, size = 24, label }: IconProps) {
  const Glyph = icons[name];
  if (!Glyph) throw new Error(`${iconNotBundled.code} ${iconNotBundled.message({ name })}`);
  const direction = isDirectionalIcon(name) ? DIRECTIONAL_ICON : {};
  return label ? (
    <Glyph size={size} role="img" aria-label={label} strokeWidth={1.75} {...direction} />
  ) : (
    <Glyph size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} {...direction} />
  );
}
