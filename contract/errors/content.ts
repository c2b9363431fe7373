/** Content: what validation, the build and the dev server say about site-config/; scaffolds, generation, HTML check. */
import { closest, nearest } from "../levenshtein.ts";
import { didYouMean, entry, info, quoteAll, success } from "./entry.ts";
import { iconNotBundled } from "../icon-messages.ts";

/** Content errors: what `npm run validate`, the build and the dev server report about site-config/. */
export const configErrors = {
  syntax: entry<{ problem: string }>({
    code: "CFG001",
    title: "Invalid JSON",
    message: ({ problem }) => `invalid JSON: ${problem}`,
    hint: "A comma, quote or bracket is missing or extra at that line: compare with a page that works.",
  }),
  unknownBlockType: entry<{ type: string; known: readonly string[] }>({
    code: "CFG002",
    title: "Unknown block type",
    message: ({ type, known }) =>
      `unknown block type '${type}'${didYouMean(closest(type, known), ` — known types: ${known.join(", ")}`)}`,
    hint: "Fix the spelling of `type`; docs/blocks.md lists the types.",
  }),
  missingBlockType: entry<{ known: readonly string[] }>({
    code: "CFG003",
    title: "Block without a type",
    message: ({ known }) => `block has no 'type' — set it to one of: ${known.join(", ")}`,
    hint: "Add `type`, the kind of block; docs/blocks.md lists the types.",
  }),
  required: entry<{ property: string }>({
    code: "CFG004",
    title: "Missing required property",
    message: ({ property }) => `missing required property '${property}'`,
    hint: "Add the field; docs/blocks.md says which fields each block needs.",
  }),
  unknownProperty: entry<{ property: string; allowed: readonly string[] }>({
    code: "CFG005",
    title: "Unknown property",
    message: ({ property, allowed }) =>
      `unknown property '${property}'${didYouMean(closest(property, allowed), ` — allowed here: ${allowed.join(", ")}`)}`,
    hint: "Fix the field's name, or remove it.",
  }),
  notAllowed: entry<{ value: unknown; allowed: readonly unknown[] }>({
    code: "CFG006",
    title: "Value not allowed",
    message: ({ value, allowed }) =>
      `${JSON.stringify(value)} is not allowed${didYouMean(
        typeof value === "string" ? closest(value, allowed.map(String)) : undefined,
        ` — use one of: ${quoteAll(allowed)}`,
      )}`,
    hint: "Pick one of the listed values (for an icon, from the icon list in docs/blocks.md).",
  }),
  unknownIcon: entry<{ value: unknown; allowed: readonly unknown[]; meaning?: readonly string[] }>({
    code: "CFG050",
    title: "Icon not in the set",
    message: ({ value, allowed, meaning = [] }) => {
      const guess = typeof value === "string" ? closest(value, allowed.map(String)) : undefined;
      const list = "docs/blocks.md#iconname and the editor's icon picker";
      if (guess)
        return `${JSON.stringify(value)} is not an icon of the site's set — did you mean '${guess}'? Every icon is in ${list}`;
      if (meaning.length > 0)
        return `${JSON.stringify(value)} is not an icon of the site's set — of like meaning: ${meaning.map((icon) => `'${icon}'`).join(", ")}; every icon is in ${list}`;
      return `${JSON.stringify(value)} is not an icon of the site's set — pick one from ${list}`;
    },
    hint: "Pick an icon from the list in docs/blocks.md#iconname (or the editor's icon picker); the message names the set's icons closest in spelling or, by lucide's tags, in meaning. A new icon is added to the `icon` definition of schemas/defs.schema.json.",
  }),
  pageList: entry<{ pages: readonly { path: string; title: string; file: string }[] }>({
    code: "CFG051",
    title: "Every page's path",
    message: ({ pages }) =>
      `${pages.length} pages, by path:\n${pages.map((page) => `  ${page.path}  ${page.title}  (${page.file})`).join("\n")}`,
    hint: "Link to a page by its path; `npm run new:page` adds a page.",
  }),
  americanSpelling: entry<{ file: string; pointer: string; word: string; british: string }>({
    code: "CFG052",
    title: "American spelling in content",
    message: ({ file, pointer, word, british }) =>
      `${file} ${pointer}: '${word}' is American spelling — write '${british}' (the site writes British English)`,
    hint: "Write the British form; docs/content-style.md gives the rule and the words.",
  }),
  tooLong: entry<{ length: number; max: number }>({
    code: "CFG007",
    title: "Text too long",
    message: ({ length, max }) => `text is too long: ${length} characters, at most ${max} allowed`,
    hint: "Shorten the text.",
  }),
  tooShort: entry<{ length: number; min: number }>({
    code: "CFG008",
    title: "Text too short",
    message: ({ length, min }) =>
      min === 1 ? "must not be empty" : `text is too short: ${length} characters, at least ${min} needed`,
    hint: "Write the text, or lengthen it.",
  }),
  badLink: entry<{ value: string }>({
    code: "CFG009",
    title: "Link not allowed",
    message: ({ value }) =>
      `'${value}' is not an allowed link — use a site path ('/contact'), an anchor ('#fnol'), or an https:, http:, mailto: or tel: address`,
    hint: "Write a site path, an #anchor or an https:, http:, mailto: or tel: address.",
  }),
  badPattern: entry<{ value: string; description?: string }>({
    code: "CFG010",
    title: "Value not in the expected form",
    message: ({ value, description }) =>
      `'${value}' is not in the expected form${description ? ` — ${description}` : ""}`,
    hint: "Write the value in the form the field's description gives.",
  }),
  wrongType: entry<{ expected: string }>({
    code: "CFG011",
    title: "Wrong kind of value",
    message: ({ expected }) => `must be ${/^[aeiou]/.test(expected) ? "an" : "a"} ${expected}`,
    hint: "Write a value of the kind asked: text in quotes, a number without quotes, true or false, a list in [ ].",
  }),
  tooFewItems: entry<{ min: number }>({
    code: "CFG012",
    title: "Too few items",
    message: ({ min }) => `needs at least ${min} item${min === 1 ? "" : "s"}`,
    hint: "Add items to the list.",
  }),
  tooManyItems: entry<{ count: number; max: number }>({
    code: "CFG013",
    title: "Too many items",
    message: ({ count, max }) => `has ${count} items, at most ${max} allowed`,
    hint: "Remove items from the list.",
  }),
  outOfRange: entry<{ value: number; bound: string; limit: number }>({
    code: "CFG014",
    title: "Number out of range",
    message: ({ value, bound, limit }) => `${value} must be ${bound} ${limit}`,
    hint: "Use a number within the limits docs/blocks.md gives.",
  }),
  badFormat: entry<{ value: unknown; format: string }>({
    code: "CFG015",
    title: "Invalid format",
    message: ({ value, format }) =>
      `${JSON.stringify(value)} is not a valid ${format === "email" ? "e-mail address" : format}`,
    hint: "Write a valid value of that format (a date is YYYY-MM-DD).",
  }),
  brokenLink: entry<{
    href: string;
    paths: readonly string[];
    /** Where the link's path is a page's address under a locale's prefix and the locale has that page elsewhere. */
    translated?: { source: string; locale: string; path: string };
  }>({
    code: "CFG016",
    title: "Link to no page",
    message: ({ href, paths, translated }) => {
      // The page's path is what may be misspelt; a suggestion keeps the rest of the link (?query, #anchor) as written.
      const cut = href.search(/[?#]/);
      const [sitePath, rest] = cut === -1 ? [href, ""] : [href.slice(0, cut), href.slice(cut)];
      if (translated)
        return `link '${href}' points to no page — ${translated.source} is translated in ${translated.locale} at '${translated.path}': write '${translated.path}${rest}'`;
      const guess = closest(sitePath, paths);
      if (guess) return `link '${href}' points to no page — did you mean '${guess}${rest}'?`;
      const near = nearest(sitePath, paths).slice(0, 3);
      return `link '${href}' points to no page${near.length ? ` — the nearest paths are ${near.map((p) => `'${p}'`).join(", ")}` : ""}; \`npm run validate -- --pages\` lists every page's path`;
    },
    hint: "Fix the address; it must be the `path` of a page, or a file under public/.",
  }),
  brokenAnchor: entry<{ href: string; page: string; ids: readonly string[] }>({
    code: "CFG017",
    title: "Link to a missing anchor",
    message: ({ href, page, ids }) => {
      const anchor = href.slice(href.indexOf("#") + 1);
      const guess = closest(anchor, ids);
      return ids.length === 0
        ? `link '${href}' points to anchor '#${anchor}', but page '${page}' has no block with an 'id'`
        : `link '${href}' points to anchor '#${anchor}', which no block on '${page}' has${guess ? ` — did you mean '#${guess}'?` : ` — ids there: ${ids.join(", ")}`}`;
    },
    hint: "Fix the anchor, or give the target block that `id`.",
  }),
  duplicatePath: entry<{ path: string; other: string }>({
    code: "CFG018",
    title: "Path used twice",
    message: ({ path, other }) => `path '${path}' is already used by ${other} — every page needs its own path`,
    hint: "Give the page its own `path`.",
  }),
  duplicateId: entry<{ id: string }>({
    code: "CFG019",
    title: "Block id used twice",
    message: ({ id }) => `block id '${id}' is used twice on this page — ids must be unique within a page`,
    hint: "Rename one of the two ids (and the links to it).",
  }),
  missingAsset: entry<{ src: string }>({
    code: "CFG020",
    title: "Missing file",
    message: ({ src }) => `file '${src}' does not exist under public/ — add it or fix the path`,
    hint: "Add the file under public/, or fix the path.",
  }),
  notAnImage: entry<{ src: string }>({
    code: "CFG040",
    title: "Share image is not a PNG or JPEG",
    message: ({ src }) => `'${src}' is not a PNG or JPEG image`,
    hint: "Save it as PNG or JPEG: social networks show no other format.",
  }),
  imageTooSmall: entry<{ src: string; width: number; height: number; minWidth: number; minHeight: number }>({
    code: "CFG041",
    title: "Share image too small",
    message: ({ src, width, height, minWidth, minHeight }) =>
      `'${src}' is ${width}×${height} pixels, smaller than the ${minWidth}×${minHeight} that social networks need for a large preview`,
    hint: "Use a 1200×630 image.",
  }),
  mustEndWithCallToAction: entry<{ closing: { section?: string; after: number } | undefined }>({
    code: "CFG021",
    title: "Page does not end with the call to action",
    // Named as the page has it: its own call-to-action block, or the shared section that places it.
    message: ({ closing }) =>
      closing
        ? `the page must end with ${closing.section === undefined ? "its 'call-to-action' block" : `the shared section '${closing.section}', which places the call to action`}, but ${closing.after === 1 ? "1 block comes" : `${closing.after} blocks come`} after it — every page ends with the shared call to action`
        : "the last block must be a 'call-to-action' block — every page ends with the shared call to action",
    hint: 'Move the blocks written after the call to action above it; a page without one ends its `blocks` with `{ "type": "call-to-action" }` or a shared section that ends with one.',
  }),
  schemaMismatch: entry<{ path: string }>({
    code: "CFG022",
    title: "Wrong $schema path",
    message: ({ path }) => `'$schema' should be '${path}', so editors can validate this file`,
    hint: "Set `$schema` to the path given, relative to the file.",
  }),
  invalid: entry<{ keyword: string }>({
    code: "CFG023",
    title: "Value does not match its schema",
    message: ({ keyword }) => `does not match the schema (rule '${keyword}')`,
    hint: "Compare the value with the field's description in docs/blocks.md.",
  }),
  invalidAtLoad: entry<{ problems: string }>({
    code: "CFG024",
    title: "Invalid content reached the build",
    message: ({ problems }) => `site-config/ is invalid, fix these problems first:\n${problems}`,
    hint: "Run `npm run validate`, which lists every problem with its file, line and fix.",
  }),
  devOverlay: entry<{ count: number; problems: string }>({
    code: "CFG025",
    title: "Problems shown by the dev server",
    message: ({ count, problems }) => `${count} problem${count === 1 ? "" : "s"} in site-config/:\n${problems}`,
    hint: "Fix each listed problem and save: the page reloads at each save, and the list shows over it until site-config/ is valid.",
  }),
  protocolRelative: entry<{ value: string }>({
    code: "CFG026",
    title: "Protocol-relative link",
    message: ({ value }) =>
      `'${value}' is a protocol-relative link, which the site does not allow — write 'https:${value.replace(/^[/\\]{2}/, "//")}' for another site, or a path with one leading '/' for a page or file of this site`,
    hint: "Write 'https://host/…' for another site, or a path with one leading '/' for this site.",
  }),
  dotSegment: entry<{ value: string; resolved: string }>({
    code: "CFG027",
    title: "Path with '.' or '..' segments",
    message: ({ value, resolved }) =>
      `'${value}' has a '.' or '..' segment, which the browser resolves: it would request '${resolved}' — write the path without '.' or '..', from the root of the site (a file in public/media/ is '/media/…')`,
    hint: "Write the path from the root of the site without '.' or '..' (a file in public/media/ is '/media/…').",
  }),
  redirectFromPage: entry<{ from: string; page: string }>({
    code: "CFG060",
    title: "Redirect from a page's address",
    message: ({ from, page }) =>
      `'${from}' is the address of ${page} — a redirect is for an address no page has any more: remove the redirect, or the page it would hide`,
    hint: "Remove the redirect, or take the page down (delete its file) if the redirect is to replace it.",
  }),
  redirectToNoPage: entry<{ to: string; paths: readonly string[] }>({
    code: "CFG061",
    title: "Redirect to no page",
    message: ({ to, paths }) =>
      `redirect to '${to}', which is the address of no page${didYouMean(closest(to, paths), " — `npm run validate -- --pages` lists every page's path")}`,
    hint: "Set `to` to the `path` of a page that exists (under its locale's prefix for a translation), or to a full https:// address of another site.",
  }),
  redirectTwice: entry<{ from: string; first: string }>({
    code: "CFG062",
    title: "Address redirected twice",
    message: ({ from, first }) =>
      `'${from}' is redirected already, at ${first} — an address leads to one place: keep one of the two`,
    hint: "Remove one of the redirects from that address.",
  }),
  redirectChain: entry<{ to: string; chain: readonly string[]; loop: boolean }>({
    code: "CFG063",
    title: "Redirect to a redirect",
    message: ({ to, chain, loop }) =>
      loop
        ? `redirect to '${to}', which is redirected in turn, round in a circle: ${chain.join(" → ")} — point each redirect at a page`
        : `redirect to '${to}', which is redirected in turn: ${chain.join(" → ")} — point straight at '${chain.at(-1)}'`,
    hint: "Set `to` to where the chain ends (a visitor would go through every step, and search engines may stop following).",
  }),
  devValidationFailed: entry<{ failure: string }>({
    code: "CFG064",
    title: "The dev server could not validate",
    message: ({ failure }) => `the dev server could not validate site-config/: ${failure}`,
    hint: "Run `npm run validate` to see the same error on its own; the dev server validates again at the next save.",
  }),
} as const;

/** What `npm run validate` prints around the problems, in every output format (docs/ci.md). */
export const validateMessages = {
  valid: entry<{ pages: number; ms: number }>({
    code: "VAL001",
    title: "Content valid",
    message: ({ pages, ms }) => `site-config/ is valid: site.json and ${pages} pages checked in ${ms} ms`,
    hint: "Nothing to do.",
  }),
  problemsFound: entry<{ problems: number; pages: number; ms: number }>({
    code: "VAL002",
    title: "Problems in the content",
    message: ({ problems, pages, ms }) =>
      `${problems} problem${problems === 1 ? "" : "s"} in site-config/ (${pages} pages checked in ${ms} ms)`,
    hint: "Fix each problem listed, at its file and line; `npm run validate` again shows what is left.",
  }),
  moreThanAnnotated: entry<{ shown: number; more: number; summary: boolean }>({
    code: "VAL003",
    title: "More problems than GitHub annotates",
    message: ({ shown, more, summary }) =>
      `${more} more problem${more === 1 ? " is" : "s are"} not annotated: GitHub shows ${shown} error annotations per step — ${summary ? "the job summary lists" : "`npm run validate` lists"} all ${shown + more}`,
    hint: "Read the whole list in the job's summary (or run `npm run validate` locally), and fix the problems in the order given.",
  }),
  unknownFormat: entry<{ format: string; formats: readonly string[] }>({
    code: "VAL004",
    title: "Unknown output format",
    message: ({ format, formats }) => `unknown format '${format}' — use one of: ${formats.join(", ")}`,
    hint: "Pass --format with one of the listed formats; without it, the validator prints text (github on GitHub Actions).",
  }),
  badArguments: entry<{ reason: string }>({
    code: "VAL005",
    title: "Arguments not understood",
    message: ({ reason }) =>
      `${reason}\nusage: npm run validate -- [--format text|json|github|sarif|gitlab] [--output <file>]`,
    hint: "Run `npm run validate`, optionally with `-- --format <format>` and `--output <file>`: it takes no other argument.",
  }),
  summaryHeading: entry({
    code: "VAL006",
    title: "Heading of the job summary",
    message: "Content validation",
    hint: "Nothing to do: the table under it lists every problem, with its file, line and fix.",
  }),
  outputWithoutReport: entry<{ format: string }>({
    code: "VAL007",
    title: "--output with a format for the terminal",
    message: ({ format }) =>
      `--output writes the json, sarif and gitlab reports to a file; the ${format} format prints to the terminal`,
    hint: "Add `--format json`, `--format sarif` or `--format gitlab`, or leave out --output.",
  }),
} as const;

/** The scaffolds: `npm run new:page` and `npm run new:block`. */
export const scaffoldErrors = {
  unknownTemplate: entry<{ template: string; templates: readonly string[] }>({
    code: "NEW001",
    title: "Unknown page template",
    message: ({ template, templates }) => `unknown template '${template}' — use one of: ${templates.join(", ")}`,
    hint: "Pass --template with one of the listed templates.",
  }),
  badSlug: entry<{ slug: string }>({
    code: "NEW002",
    title: "Invalid slug",
    message: ({ slug }) =>
      `'${slug}' is not a valid slug — use lower-case letters, digits and hyphens, e.g. 'marine-insurance'`,
    hint: "The slug is the page's file name and the end of its address: write the words a visitor would recognise in the address.",
  }),
  badName: entry({
    code: "NEW003",
    title: "Invalid page name",
    message: "the name must be 3 to 40 characters long, e.g. 'Marine Insurance'",
    hint: "Pass a --name of 3 to 40 characters.",
  }),
  fileExists: entry<{ file: string }>({
    code: "NEW004",
    title: "Page file exists",
    message: ({ file }) => `${file} already exists`,
    hint: "Choose another slug, or edit that file: a new page never overwrites one.",
  }),
  pathUsed: entry<{ path: string; file: string }>({
    code: "NEW005",
    title: "Address already used",
    message: ({ path, file }) => `the address '${path}' is already used by ${file}`,
    hint: "Choose another slug: two pages cannot share an address.",
  }),
  missingArguments: entry<{ needed: string; usage: string }>({
    code: "NEW006",
    title: "Arguments missing",
    message: ({ needed, usage }) => `${needed} needed when not run in a terminal.\n${usage}`,
    hint: "Pass every option on the command line, or run the command in a terminal to be asked.",
  }),
  badBlockType: entry<{ type: string }>({
    code: "NEW010",
    title: "Invalid block type name",
    message: ({ type }) =>
      `'${type}' is not a valid block type — use lower-case words joined by hyphens, e.g. 'faq' or 'logo-wall'`,
    hint: "Name the type in lower-case words joined by hyphens.",
  }),
  blockTypeExists: entry<{ type: string }>({
    code: "NEW011",
    title: "Block type exists",
    message: ({ type }) => `blocks/${type}/ already exists — choose another type, or edit that folder`,
    hint: "Choose another type name; the scaffold never overwrites a folder.",
  }),
} as const;

/** What `npm run new:page` and `npm run new:block` print. */
export const scaffoldLines = {
  pageUsage: info<{ templates: readonly string[] }>({
    code: "NEW101",
    title: "How to run new:page",
    message: ({ templates }) =>
      `Usage: npm run new:page -- --template <${templates.join("|")}> --slug <slug> --name "<Name>"`,
    hint: "Give all three options, or run it in a terminal to be asked for each.",
  }),
  askTemplate: info<{ templates: readonly string[] }>({
    code: "NEW102",
    title: "Which template",
    message: ({ templates }) => `Template (${templates.join(", ")}) [industry]: `,
    hint: "Type a template's name, or press Enter for an industry page.",
  }),
  askName: info({
    code: "NEW103",
    title: "Which page name",
    message: "Page name, as shown in menus (e.g. Marine Insurance): ",
    hint: "Type the name visitors see in menus and headings.",
  }),
  askSlug: info<{ suggested: string }>({
    code: "NEW104",
    title: "Which slug",
    message: ({ suggested }) => `Slug, the last part of the address [${suggested}]: `,
    hint: "Type lower-case words joined by hyphens, or press Enter for the one suggested.",
  }),
  pageCreated: success<{ file: string; pagePath: string; template: string; inMenus: boolean }>({
    code: "NEW105",
    title: "Page created",
    message: ({ file, pagePath, template, inMenus }) =>
      `created ${file} (page ${pagePath}) from the '${template}' template; it is valid.

Next:
  1. Open ${file} and replace the text with your own (hover a field in VS Code to see what it is for).
  2. npm run dev, then open http://localhost:5173${pagePath}: the page updates as you save.
  3. npm run validate before you share your change; it names the file, line and field of any problem.
${inMenus ? "  The page is already in the header's Industries menu, the footer, the /industries index and the sitemap.\n" : ""}`,
    hint: "Write the page's text, check it with `npm run dev` and `npm run validate`, then commit the file.",
  }),
  blockUsage: info({
    code: "NEW106",
    title: "How to run new:block",
    message: "Usage: npm run new:block -- --type <type>   (lower-case words joined by hyphens, e.g. faq, logo-wall)",
    hint: "Name the new block type with `--type`.",
  }),
  blockCreated: success<{ type: string; label: string; created: readonly string[]; updated: readonly string[] }>({
    code: "NEW107",
    title: "Block type created",
    message: ({ type, label, created, updated }) =>
      [
        `created block type '${type}', labelled '${label}' (its type's words; change the label in blocks/${type}/block.ts):`,
        ...created.map((file) => `  new      ${file}`),
        ...updated.map((file) => `  updated  ${file}`),
        "",
        `Next, edit only blocks/${type}/:`,
        "  1. schema.json: describe its fields (a description on each, a maxLength on each text) and keep its examples valid: the first one is what the test renders.",
        "  2. block.ts: label, one-line description, category, icon; hydrate if it moves or answers clicks.",
        `  3. ${
          created
            .find((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
            ?.split("/")
            .pop() ?? "the component"
        }: draw it; npm run dev shows it at http://localhost:5173/__blocks.`,
        `  4. npm run gen (types, registry, docs/blocks.md), then npx vitest run blocks/${type} and npx tsc --noEmit.`,
        "git status lists the files to commit. Deleting the folder (then npm run gen) removes the type everywhere.",
      ].join("\n"),
    hint: "Commit the new folder with the updated files that git status lists (docs/blocks.md, schemas/block.schema.json).",
  }),
} as const;

/** What `npm run gen` and `npm run docs:check` report about the block folders and the generated files. */
export const generationErrors = {
  outOfDate: entry<{ file: string }>({
    code: "GEN001",
    title: "Generated file out of date",
    message: ({ file }) => `${file} is out of date — run \`npm run gen && npm run docs\` and commit the result`,
    hint: "Run `npm run gen && npm run docs`, then commit the files they rewrite.",
  }),
  incompleteBlock: entry<{ folder: string; missing: string }>({
    code: "GEN002",
    title: "Incomplete block folder",
    message: ({ folder, missing }) => `blocks/${folder}/ has no ${missing}`,
    hint: "A block folder holds schema.json, block.ts and its component <PascalCaseType>.tsx: `npm run new:block` writes all three.",
  }),
  manifestMismatch: entry<{ folder: string; type: string }>({
    code: "GEN003",
    title: "Manifest names another type",
    message: ({ folder, type }) => `blocks/${folder}/block.ts declares type '${type}' — it must be '${folder}'`,
    hint: "A block's type is the name of its folder: fix `type` in block.ts (and in schema.json).",
  }),
  schemaTypeMismatch: entry<{ file: string; folder: string }>({
    code: "GEN004",
    title: "Schema names another type",
    message: ({ file, folder }) => `${file}: properties.type.const must be "${folder}", the name of the block's folder`,
    hint: "A block's type is the name of its folder: fix `type.const` in schema.json (and `type` in block.ts), or rename the folder.",
  }),
  unresolvedRef: entry<{ file: string; ref: string }>({
    code: "GEN005",
    title: "Schema reference leads nowhere",
    message: ({ file, ref }) => `${file}: cannot resolve $ref '${ref}'`,
    hint: "A $ref is a path relative to the schema's own file, then #/ and a JSON pointer inside it: check both parts.",
  }),
  undescribedScript: entry<{ script: string }>({
    code: "GEN006",
    title: "Script without a description",
    message: ({ script }) =>
      `package.json's script '${script}' has no line in scripts/docs/commands.ts, so docs/commands.md cannot list it`,
    hint: "Add the script to scripts/docs/commands.ts with its section and a one-line description, then run `npm run docs`.",
  }),
  describedScriptMissing: entry<{ script: string }>({
    code: "GEN007",
    title: "Description of a script that does not exist",
    message: ({ script }) => `scripts/docs/commands.ts describes '${script}', which is not a script of package.json`,
    hint: "Remove the line from scripts/docs/commands.ts, or rename it to the script's new name; then run `npm run docs`.",
  }),
} as const;

/** What `npm run gen`, `npm run docs` and their `--check` print. */
export const generationLines = {
  generated: success<{ folders: number; union: string }>({
    code: "GEN101",
    title: "Code generated from the block folders",
    message: ({ folders, union }) => `generated from ${folders} block folders: types, registry, ${union}`,
    hint: "Nothing to do: the generated files follow the block folders and are not committed, except the union.",
  }),
  unionUpToDate: success<{ union: string }>({
    code: "GEN102",
    title: "Block union up to date",
    message: ({ union }) => `${union} is up to date with the block folders`,
    hint: "Nothing to do.",
  }),
  docWritten: success<{ file: string }>({
    code: "GEN103",
    title: "Document written",
    message: ({ file }) => `written: ${file}`,
    hint: "Commit the file with the change that it follows.",
  }),
  upToDate: success({
    code: "GEN105",
    title: "Generated files up to date",
    message:
      "generated files up to date: nothing they follow from changed since npm run gen wrote them (npm run gen -- --force writes them again)",
    hint: "Nothing to do.",
  }),
  migrationPending: info<{ files: number; blocks: number }>({
    code: "GEN106",
    title: "Content awaits a migration",
    message: ({ files, blocks }) =>
      `${files} content ${files === 1 ? "file awaits" : "files await"} a migration (${blocks} ${blocks === 1 ? "block" : "blocks"} in an older shape): run \`npm run migrate\``,
    hint: "Expected between a block type's change and its migration: write the migration's `up` and its test, then run `npm run migrate` (docs/migrations.md). Until then validate, dev and build name each block (MIG001).",
  }),
  docsUpToDate: success({
    code: "GEN104",
    title: "Documents up to date",
    message:
      "docs/blocks.md, docs/errors.md, docs/commands.md and the message tables of docs/validation.md are up to date",
    hint: "Nothing to do.",
  }),
} as const;

/** What `npm run check:html` (the W3C Nu HTML checker over the built pages) reports. */
export const htmlCheckErrors = {
  noJava: entry<{ where: string }>({
    code: "HTML001",
    title: "Java missing",
    message: ({ where }) => `no Java found ${where}: the W3C Nu HTML checker runs on Java 11 or later`,
    hint:
      "Install Java: on Debian/Ubuntu `apt-get install -y default-jre-headless` (as root, or with sudo), on macOS " +
      "`brew install openjdk`; or set JAVA to the java executable of an installed JDK or JRE.",
  }),
  noReport: entry<{ status: string; output: string }>({
    code: "HTML002",
    title: "Checker did not report",
    message: ({ status, output }) => `the Nu HTML checker did not report (exit ${status}):\n${output}`,
    hint: "Run `java -jar node_modules/vnu-jar/build/dist/vnu.jar --version` to see whether the checker starts.",
  }),
  invalid: entry<{ errors: number; pages: number }>({
    code: "HTML003",
    title: "Invalid HTML",
    message: ({ errors, pages }) => `${errors} HTML errors in ${pages} pages (W3C Nu HTML checker)`,
    hint: "Fix the markup each line above names: usually the component that renders that element.",
  }),
} as const;

/** What `npm run check:html` prints. */
export const htmlCheckLines = {
  located: info<{ file: string; line: number; column: number; message: string }>({
    code: "HTML101",
    title: "Markup error found by the checker",
    message: ({ file, line, column, message }) => `${file}:${line}:${column}  ${message}`,
    hint: "The message is the W3C Nu checker's own; fix the component that renders the element at that place.",
  }),
  valid: success<{ pages: number }>({
    code: "HTML102",
    title: "Valid HTML",
    message: ({ pages }) => `${pages} pages are valid HTML (W3C Nu HTML checker)`,
    hint: "Nothing to do.",
  }),
} as const;

/** What the site's components refuse at render time (the message lives in a module the browser loads). */
export const componentErrors = {
  iconNotBundled: entry<{ name: string }>({
    ...iconNotBundled,
    title: "Icon not bundled",
    hint: "The build bundles the icons that content (fields marked `siteRef: icon`) and code (`<Icon name=…>`) name; a name computed at run time is not seen: write it out in the code, or restart `npm run dev` after adding it to site-config/.",
  }),
} as const;
