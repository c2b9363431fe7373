declare module "virtual:site-icons" {
  import type { LucideIcon } from "lucide-react";
  import type { IconName } from "../../contract/generated/schema-types.ts";
  /** Only the icons that site-config/ names (every icon in the dev server and under Vitest). */
  export const icons: Partial<Record<IconName, LucideIcon>>;
}
