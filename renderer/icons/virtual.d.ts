declare module "virtual:site-icons" {
  import type { LucideIcon } from "lucide-react";
  /** Only the icons that site-config/ names (every icon under Vitest). */
  export const icons: Partial<Record<import("../generated/schema-types.ts").IconName, LucideIcon>>;
}
