/** Shared sections (docs/sections.md): what validation says about placing them, and `npm run sections`. */
import { closest } from "../levenshtein.ts";
import { entry, info, success } from "./entry.ts";

const declaredList = (declared: readonly string[]) =>
  declared.length ? ` — it declares: ${declared.join(", ")}` : " — it declares none";

/** What `npm run validate`, the build and the dev server report about sections and the pages that place them. */
export const sectionErrors = {
  unknownSection: entry<{ section: string; known: readonly string[] }>({
    code: "SEC001",
    title: "Unknown section",
    message: ({ section, known }) => {
      const guess = closest(section, known);
      if (guess) return `unknown section '${section}' — did you mean '${guess}'?`;
      return known.length
        ? `unknown section '${section}' — sections: ${known.join(", ")}`
        : `unknown section '${section}' — site-config/sections/ holds none`;
    },
    hint: "A section's id is its file's name in site-config/sections/, without '.json'. If the section was deleted or renamed, restore it or place another; `npm run sections -- --rename` renames a section with every reference to it.",
  }),
  sectionCycle: entry<{ chain: readonly string[] }>({
    code: "SEC002",
    title: "Section that includes itself",
    message: ({ chain }) =>
      `section '${chain.at(-1)}' would include itself: '${chain[0]}' places ${chain
        .slice(1)
        .map((id) => `'${id}'`)
        .join(", which places ")}`,
    hint: "Remove the reference that closes the circle: a section may place other sections, never one that places it.",
  }),
  undeclaredOverride: entry<{ name: string; section: string; declared: readonly string[] }>({
    code: "SEC003",
    title: "Override of a field the section keeps",
    message: ({ name, section, declared }) => {
      const guess = closest(name, declared);
      return `section '${section}' lets no page override '${name}'${guess ? ` — did you mean '${guess}'?` : declaredList(declared)}`;
    },
    hint: "Remove the override, or declare the field under `overridable` in the section's file (every page then may change it).",
  }),
  invalidOverride: entry<{ name: string; section: string; problem: string }>({
    code: "SEC004",
    title: "Override that does not fit its field",
    message: ({ name, section, problem }) =>
      `override '${name}' of section '${section}' does not fit its field: ${problem}`,
    hint: "Give the override a value of the kind and length the field takes (docs/blocks.md lists each block's fields).",
  }),
  placedIdCollision: entry<{ id: string; section: string }>({
    code: "SEC005",
    title: "Block id used twice once a section is placed",
    message: ({ id, section }) =>
      `block id '${id}' is used twice on this page once section '${section}' is placed — ids must be unique within a page`,
    hint: "Rename the page's own block id (and the links to it), or place the section once on the page.",
  }),
  overridableNotAField: entry<{ name: string; pointer: string }>({
    code: "SEC006",
    title: "Overridable field that the section does not hold",
    message: ({ name, pointer }) =>
      `overridable '${name}' points to '${pointer}', which is no field of one of this section's own blocks`,
    hint: 'Point it at a field a block of this file holds, e.g. "/blocks/0/heading"; a section placed inside this one is overridden where it declares its own fields.',
  }),
};

/** What `npm run sections` prints and refuses. */
export const sectionLines = {
  usage: info<{ sections: readonly { id: string; name: string; locale?: string; pages: readonly string[] }[] }>({
    code: "SEC101",
    title: "Where each section is used",
    message: ({ sections }) =>
      sections.length === 0
        ? "no shared sections: site-config/sections/ holds none"
        : `${sections.length === 1 ? "1 shared section, with the pages that place it" : `${sections.length} shared sections, with the pages that place them`}:\n${sections
            .map(
              (section) =>
                `  ${section.id}${section.locale ? ` (${section.locale})` : ""}  ${section.name}\n${
                  section.pages.length ? section.pages.map((page) => `    ${page}`).join("\n") : "    (no page)"
                }`,
            )
            .join("\n")}`,
    hint: "Edit a section once in site-config/sections/<id>.json: every page listed under it changes.",
  }),
  renamed: success<{ from: string; to: string; files: readonly string[] }>({
    code: "SEC102",
    title: "Section renamed",
    message: ({ from, to, files }) =>
      `renamed section '${from}' to '${to}'${files.length ? `, and its references in ${files.join(", ")}` : ""}`,
    hint: "Run `npm run validate`, then commit the moved file with the pages.",
  }),
  renameUnknown: entry<{ section: string; known: readonly string[] }>({
    code: "SEC103",
    title: "No section of that id to rename",
    message: ({ section, known }) => {
      const guess = closest(section, known);
      return `there is no section '${section}' to rename${guess ? ` — did you mean '${guess}'?` : known.length ? ` — sections: ${known.join(", ")}` : ""}`;
    },
    hint: "Name the section by its file's name in site-config/sections/, without '.json' (`npm run sections` lists them).",
  }),
  renameTaken: entry<{ section: string }>({
    code: "SEC104",
    title: "Section id already taken",
    message: ({ section }) => `a section '${section}' exists already: a rename never overwrites one`,
    hint: "Pick another id, or delete the other section first if no page uses it.",
  }),
  badId: entry<{ section: string }>({
    code: "SEC105",
    title: "Not a section id",
    message: ({ section }) =>
      `'${section}' is not a section id: lower-case letters and digits, words joined by hyphens (e.g. 'demo-band')`,
    hint: "Choose an id like 'demo-band'; it becomes the file's name.",
  }),
  badArguments: entry<{ reason: string }>({
    code: "SEC106",
    title: "Arguments of npm run sections",
    message: ({ reason }) =>
      `${reason} — usage: npm run sections (lists each section's pages), npm run sections -- --rename <id> --to <new-id>`,
    hint: "Run it without arguments to list, or with --rename and --to to rename.",
  }),
};

/** What `npm run sections:compare` prints and refuses: the site built with its sections placed and written in. */
export const sectionCompareLines = {
  identical: success<{ files: number; bytes: number; pages: number; references: number }>({
    code: "SEC107",
    title: "Sections build as if written in",
    message: ({ files, bytes, pages, references }) =>
      `the site built with its shared sections placed and with their blocks written in the pages is byte-identical: ${files.toLocaleString("en")} files, ${bytes.toLocaleString("en")} bytes each (${references} ${references === 1 ? "reference" : "references"} on ${pages} ${pages === 1 ? "page" : "pages"})`,
    hint: "Nothing to do: a page placing a section is built exactly as the same page with the section's blocks written in.",
  }),
  different: entry<{ files: readonly string[] }>({
    code: "SEC108",
    title: "Sections do not build as if written in",
    message: ({ files }) =>
      `the site built with its shared sections placed differs from the site with their blocks written in, in ${files.length} ${files.length === 1 ? "file" : "files"}: ${files.slice(0, 20).join(", ")}${files.length > 20 ? ", …" : ""}`,
    hint: "Compare the two builds the command keeps under .cache/sections-compare/ (placed/, written-in/) with `diff -r`: expansion must give each page exactly the blocks written in.",
  }),
  buildFailed: entry<{ side: string; output: string }>({
    code: "SEC109",
    title: "A build of the comparison failed",
    message: ({ side, output }) => `the build of the site with its sections ${side} failed:\n${output}`,
    hint: "Run `npm run validate` and `npm run build` first: the comparison builds the same content twice.",
  }),
};

/** What the page editor refuses when a section is deleted, renamed or translated there (its server answers these). */
export const editorSectionErrors = {
  inUse: entry<{ section: string; pages: readonly string[] }>({
    code: "EDIT_SECTION_IN_USE",
    status: 409,
    title: "Section in use",
    message: ({ section, pages }) =>
      `section '${section}' is placed on ${pages.length} ${pages.length === 1 ? "page" : "pages"}, which would lose its blocks: ${pages.join(", ")}`,
    hint: "Remove or detach the section on each of those pages first (open the page, select the Shared section row, Detach), then delete it.",
  }),
  renameRefused: entry({
    code: "EDIT_SECTION_RENAME",
    status: 400,
    title: "Section not renamed",
    message: "The section could not be renamed.",
    hint: "Choose another id, as the message says: a rename never overwrites a section.",
  }),
  unknown: entry<{ section: string }>({
    code: "EDIT_SECTION_UNKNOWN",
    status: 404,
    title: "No such section",
    message: ({ section }) => `there is no section '${section}' in site-config/sections/`,
    hint: "It was deleted or renamed since the list was shown: go back to the pages and pick it again.",
  }),
  translateRefused: entry({
    code: "EDIT_SECTION_TRANSLATE",
    status: 400,
    title: "Section not translated",
    message: "The section could not be translated.",
    hint: "Do what the message says, then translate it again: a translation never replaces a file.",
  }),
  alreadyTranslated: entry<{ section: string; locale: string; file: string }>({
    code: "EDIT_SECTION_TRANSLATE_EXISTS",
    title: "Section already translated",
    message: ({ section, locale, file }) => `the section '${section}' already has a ${locale} version: ${file}`,
    hint: "Open that version from Shared sections, where it is listed with its locale, and edit it there.",
  }),
};

/** The page editor's words on a shared section: its usage, its locales' versions, detaching, renaming, deleting it. */
export const editorSectionLines = {
  usage: info<{ pages: number }>({
    code: "EDIT_SECTION_USAGE",
    title: "Pages this section changes",
    message: ({ pages }) => (pages === 0 ? "Used on no page" : `Used on ${pages} ${pages === 1 ? "page" : "pages"}`),
    hint: "Saving the section changes every page listed; preview one to see it there before you save.",
  }),
  detach: info<{ section: string }>({
    code: "EDIT_SECTION_DETACH",
    title: "Detach the shared section?",
    message: ({ section }) =>
      `The section '${section}' is replaced on this page by a copy of its blocks, with this page's overrides: you then edit them here, and later changes to the section no longer reach this page. The section and the other pages stay as they are.`,
    hint: "Undo (Ctrl+Z) places the section again, until you save.",
  }),
  renamed: success<{ from: string; to: string; files: readonly string[] }>({
    code: "EDIT_SECTION_RENAMED",
    title: "Section renamed",
    message: ({ from, to, files }) =>
      `Renamed '${from}' to '${to}'${files.length ? `, and its references in ${files.join(", ")}` : ""}.`,
    hint: "Every page that placed it places it under its new id; publish the changes with the pages.",
  }),
  localeVersion: info<{ language: string; file: string }>({
    code: "EDIT_SECTION_LOCALE_VERSION",
    title: "Its own version",
    message: ({ language, file }) => `${language}: its own version, ${file}`,
    hint: "That locale's pages place its own version instead of this one: edit its words there.",
  }),
  sourcePlaced: info<{ language: string }>({
    code: "EDIT_SECTION_SOURCE_PLACED",
    title: "No version of its own",
    message: ({ language }) => `${language}: no version of its own, its pages place this one`,
    hint: "Translate makes that locale its own version: a copy of this section, to put in its words.",
  }),
  translateIntro: info<{ language: string; file: string }>({
    code: "EDIT_SECTION_TRANSLATE_INTRO",
    title: "Translate the section",
    message: ({ language, file }) =>
      `A copy of this section, ${file}, for the ${language} pages: they place it instead of this one from then on, so translate its words there; later changes to this section no longer reach them.`,
    hint: "This section and the pages of the other locales stay as they are.",
  }),
  deleted: success<{ section: string }>({
    code: "EDIT_SECTION_DELETED",
    title: "Section deleted",
    message: ({ section }) => `Deleted the section '${section}': no page placed it.`,
    hint: "Get it back from the Changes view (Discard) until you publish.",
  }),
};
