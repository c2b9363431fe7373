/**
 * What the icon component says when a page names an icon the bundle lacks. The site's bundle includes this module, so
 * it imports nothing; contract/errors/content.ts adds the entry's title and hint for the catalogue and its docs.
 */
export const iconNotBundled = {
  code: "ICON001",
  message: ({ name }: { name: string }) =>
    `Icon '${name}' is not bundled: name it in site-config/ or restart the dev server`,
} as const;
