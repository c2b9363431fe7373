/**
 * The catalogue of every message the project prints: validation of site-config/ (in `npm run validate`, the build and
 * the dev server's overlay), generation and scaffolds, the lead API's field errors, the leads CLI, the page editor, the
 * build's checks on its tools, and the checks, benchmarks and lint that run on the code and the build.
 * Each entry has a stable `code` that tests and people can search for, a `title`, the `message` (a function of its parameters where
 * it needs any) and a `hint` saying what to do. docs/errors.md and the message tables of docs/validation.md are generated
 * from it (`npm run docs`), and CI checks they are up to date.
 *
 * Codes are never reused: a retired entry keeps its code out of use.
 */
import { MAX_JSON_MB, MAX_MEDIA_MB } from "./editor-protocol.ts";
import { iconNotBundled } from "./icon-messages.ts";
import { leadFormErrors, leadFormToasts } from "./lead-form-messages.ts";
import { closest, nearest } from "./levenshtein.ts";

/**
 * What a message tells: a problem to fix (the default), a command's result (printed after a ✔), or information while
 * a command runs (usage, progress, figures, next steps), printed as it is.
 */
export type MessageKind = "problem" | "success" | "info";

export interface CatalogueEntry<P = void> {
  code: string;
  title: string;
  message: P extends void ? string : (params: P) => string;
  /** What to do: the fix of a problem, or the next step after a result or a piece of information. */
  hint: string;
  kind?: MessageKind;
}

const entry = <P = void>(e: CatalogueEntry<P>) => e;

const didYouMean = (guess: string | undefined, fallback: string) => (guess ? ` — did you mean '${guess}'?` : fallback);
const quoteAll = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(", ");

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
  unknownIcon: entry<{ value: unknown; allowed: readonly unknown[] }>({
    code: "CFG050",
    title: "Icon not in the set",
    message: ({ value, allowed }) => {
      const guess = typeof value === "string" ? closest(value, allowed.map(String)) : undefined;
      const list = "docs/blocks.md#iconname and the editor's icon picker";
      return `${JSON.stringify(value)} is not an icon of the site's set${guess ? ` — did you mean '${guess}'? Every icon is in ${list}` : ` — pick one from ${list}`}`;
    },
    hint: "Pick an icon from the list in docs/blocks.md#iconname (or the editor's icon picker); a new icon is added to the `icon` definition of schemas/defs.schema.json.",
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
  brokenLink: entry<{ href: string; paths: readonly string[] }>({
    code: "CFG016",
    title: "Link to no page",
    message: ({ href, paths }) => {
      // The page's path is what may be misspelt; a suggestion keeps the rest of the link (?query, #anchor) as written.
      const cut = href.search(/[?#]/);
      const [sitePath, rest] = cut === -1 ? [href, ""] : [href.slice(0, cut), href.slice(cut)];
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
  mustEndWithCallToAction: entry({
    code: "CFG021",
    title: "Page does not end with the call to action",
    message: "the last block must be a 'call-to-action' block — every page ends with the shared call to action",
    hint: 'End the page\'s `blocks` with `{ "type": "call-to-action" }`.',
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
    hint: "Fix each listed problem and save: the page reloads once site-config/ is valid.",
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
    hint: "Use lower-case letters, digits and hyphens.",
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

/** What the site's components refuse at render time (the message lives in a module the browser loads). */
export const componentErrors = {
  iconNotBundled: entry<{ name: string }>({
    ...iconNotBundled,
    title: "Icon not bundled",
    hint: "The build bundles the icons that content (fields marked `siteRef: icon`) and code (`<Icon name=…>`) name; a name computed at run time is not seen: write it out in the code, or restart `npm run dev` after adding it to site-config/.",
  }),
} as const;

/**
 * The lead form's messages to the visitor (contract/lead-form-messages.ts, which the browser loads) with the title and
 * hint of each, which only the docs need.
 */
export const leadFormMessages = {
  network: entry({
    ...leadFormErrors.network,
    title: "API unreachable",
    hint: "The request never reached a server (offline, DNS, CORS, connection reset): check the API is up and allows the site's origin.",
  }),
  tokenFailed: entry({
    ...leadFormErrors.tokenFailed,
    title: "Token call failed",
    hint: "POST /api/tokens/lead answered an error status: read the server's log.",
  }),
  leadNotCreated: entry({
    ...leadFormErrors.leadNotCreated,
    title: "Lead not created",
    hint: "The lead call answered 2xx with success: false: read the server's log.",
  }),
  sessionExpired: entry({
    ...leadFormErrors.sessionExpired,
    title: "Token refused twice",
    hint: "The lead call answered 401 even with a fresh token: check every instance shares LEAD_TOKEN_SECRET and its clock.",
  }),
  badRequest: entry({
    ...leadFormErrors.badRequest,
    title: "Lead refused",
    hint: "The lead call answered 400 or 413: its answer lists the field errors (LEAD1xx).",
  }),
  server: entry({
    ...leadFormErrors.server,
    title: "Server error",
    hint: "The lead call answered 500 or above, or 429 (rate limited): read the server's log.",
  }),
  unknown: entry({
    ...leadFormErrors.unknown,
    title: "Submission failed",
    hint: "The lead call answered a status the form does not expect: read the server's log.",
  }),
  noToken: entry({
    ...leadFormErrors.noToken,
    title: "No usable token",
    hint: "The token call answered 2xx without a token or with one already expired: check the server's clock.",
  }),
  successToast: entry({ ...leadFormToasts.success, hint: "The lead is stored; nothing to do." }),
  failureToast: entry({
    ...leadFormToasts.failure,
    hint: "Shown with one of FORM001-FORM008 in the banner: see that entry.",
  }),
} as const;

/** Field errors of the lead API (`POST /api/leads`, status 400): what is wrong with each field of the lead. */
export const leadFieldErrors = {
  required: entry({ code: "LEAD101", title: "Field missing", message: "is required", hint: "Send the field." }),
  unknown: entry({
    code: "LEAD102",
    title: "Not a lead field",
    message: "is not a lead field",
    hint: "Send only the fields of schemas/lead.schema.json.",
  }),
  empty: entry({ code: "LEAD103", title: "Field empty", message: "must not be empty", hint: "Fill in the field." }),
  tooLong: entry<{ max: number }>({
    code: "LEAD104",
    title: "Field too long",
    message: ({ max }) => `must be at most ${max} characters`,
    hint: "Shorten the text.",
  }),
  email: entry({
    code: "LEAD105",
    title: "Invalid e-mail address",
    message: "must be an e-mail address",
    hint: "Send an address such as jane.smith@company.com.",
  }),
  url: entry({
    code: "LEAD109",
    title: "Invalid web address",
    message: "must be a web address",
    hint: "Send a full address such as https://company.com, without spaces.",
  }),
  form: entry({
    code: "LEAD106",
    title: "Field not in the expected form",
    message: "is not in the expected form",
    hint: "Send the value in the form schemas/lead.schema.json describes.",
  }),
  choice: entry<{ allowed: readonly unknown[] }>({
    code: "LEAD107",
    title: "Value not offered",
    message: ({ allowed }) => `must be one of: ${allowed.map(String).join(", ")}`,
    hint: "Send one of the listed values.",
  }),
  type: entry<{ expected: string }>({
    code: "LEAD108",
    title: "Wrong kind of value",
    message: ({ expected }) => `must be ${/^[aeiou]/.test(expected) ? "an" : "a"} ${expected}`,
    hint: "Send a JSON value of the kind asked.",
  }),
} as const;

/** The leads CLI (`npm run leads`). */
export const leadsCliErrors = {
  usage: entry<{ usage: string }>({
    code: "CLI001",
    title: "Unknown leads command",
    message: ({ usage }) => usage,
    hint: "Run `npm run leads -- export`, `erase --email …` or `purge --older-than …`.",
  }),
  badAge: entry<{ text: string }>({
    code: "CLI002",
    title: "Invalid age",
    message: ({ text }) => `--older-than takes a number of days such as 365d, got "${text}"`,
    hint: "Write the age in days, e.g. `--older-than 365d`.",
  }),
  badFormat: entry<{ format: string }>({
    code: "CLI003",
    title: "Invalid export format",
    message: ({ format }) => `--format must be csv or json, got "${format}"`,
    hint: "Use `--format csv` or `--format json`.",
  }),
  eraseNeedsEmail: entry({
    code: "CLI004",
    title: "Erase without an address",
    message: "erase needs --email <address>",
    hint: "Pass the address whose leads to erase: `--email someone@example.com`.",
  }),
  exportWriteFailed: entry<{ reason: string }>({
    code: "CLI006",
    title: "Export cut short",
    message: ({ reason }) => `export failed: could not write to standard output (${reason}); the export is incomplete`,
    hint: "Check the destination (disk space, or the command reading the pipe exited early) and run the export again.",
  }),
  purgeNeedsAge: entry({
    code: "CLI005",
    title: "Purge without an age",
    message: "purge needs --older-than <N>d, e.g. 365d",
    hint: "Pass the age beyond which leads are purged: `--older-than 365d`.",
  }),
} as const;

/**
 * The lead API, its outbox and the server's lead settings: what a visitor's client or an operator sees, in answers,
 * logs and the leads CLI.
 */
export const leadApiErrors = {
  tokenIssued: entry({
    code: "LEAD_TOKEN_ISSUED",
    title: "Lead token issued",
    message: "Token issued",
    hint: "Send the token in the X-Lead-Token header of POST /api/leads before it expires (expiresAt).",
  }),
  leadReceived: entry({
    code: "LEAD_RECEIVED",
    title: "Lead stored",
    message: "Lead received",
    hint: "Nothing to do: the lead is stored. A retry with the same Idempotency-Key and body gets this answer again.",
  }),
  tokenMissing: entry({
    code: "LEAD_TOKEN_MISSING",
    title: "No lead token",
    message: "A lead token is required in the X-Lead-Token header",
    hint: "Call POST /api/tokens/lead first and send its token in the X-Lead-Token header.",
  }),
  tokenInvalid: entry({
    code: "LEAD_TOKEN_INVALID",
    title: "Invalid lead token",
    message: "The lead token is invalid",
    hint: "Send the token exactly as POST /api/tokens/lead returned it; a token of a server with another LEAD_TOKEN_SECRET is refused.",
  }),
  tokenExpired: entry({
    code: "LEAD_TOKEN_EXPIRED",
    title: "Lead token expired",
    message: "The lead token has expired",
    hint: "Get a fresh token from POST /api/tokens/lead and send the lead again.",
  }),
  idempotencyKeyMissing: entry({
    code: "IDEMPOTENCY_KEY_MISSING",
    title: "No Idempotency-Key",
    message: "An Idempotency-Key header (8 to 255 printable characters) is required",
    hint: "Send a new key with each submission (a UUID works), and the same key when retrying it.",
  }),
  idempotencyKeyReused: entry({
    code: "IDEMPOTENCY_KEY_REUSED",
    title: "Idempotency-Key reused",
    message: "This Idempotency-Key was already used with a different request body",
    hint: "Use a new key for a new submission; retry a submission only with its own key and body.",
  }),
  idempotencyKeyInFlight: entry({
    code: "IDEMPOTENCY_KEY_IN_FLIGHT",
    title: "Same request still running",
    message: "A request with this Idempotency-Key is still being processed; retry shortly",
    hint: "Wait for the Retry-After delay and send the same request again.",
  }),
  leadInvalid: entry({
    code: "LEAD_INVALID",
    title: "Invalid lead",
    message: "The lead is invalid",
    hint: "Correct the fields listed in `errors` (each with its own code) and send the lead again.",
  }),
  bodyTooLarge: entry({
    code: "API_BODY_TOO_LARGE",
    title: "Request body too large",
    message: "The request body is larger than 16 KiB",
    hint: "Shorten the text fields; a lead fits well under 16 KiB.",
  }),
  unsupportedMediaType: entry({
    code: "API_UNSUPPORTED_MEDIA_TYPE",
    title: "Request body not JSON",
    message: "The request body must be application/json",
    hint: "Send the lead as a JSON object with Content-Type: application/json.",
  }),
  malformedJson: entry({
    code: "API_MALFORMED_JSON",
    title: "Request body unreadable",
    message: "The request body is not valid JSON",
    hint: "Send one JSON object; keys such as __proto__ and constructor.prototype are refused.",
  }),
  rateLimited: entry({
    code: "API_RATE_LIMITED",
    title: "Too many requests",
    message: "Too many requests; retry later",
    hint: "Wait for the Retry-After delay (RateLimit-Reset says when the window ends) before sending again.",
  }),
  leadNotStored: entry({
    code: "LEAD_NOT_STORED",
    title: "Lead not stored",
    message: "The lead could not be stored; retry with the same Idempotency-Key",
    hint: "Retry the same request (same key and body): nothing was stored. Operators: the server log says why.",
  }),
  controlCharacter: entry({
    code: "LEAD_CONTROL_CHARACTER",
    title: "Control character in a lead field",
    message:
      "must not contain control characters (such as NUL) or broken Unicode; line breaks are allowed in the comment only",
    hint: "Remove the invisible character (often pasted along with the text) and send the lead again.",
  }),
  trapInvalid: entry({
    code: "LEAD_TRAP_INVALID",
    title: "Unusable value in the form's hidden field",
    message: "must be text of at most 1000 characters, without control characters",
    hint: "Leave the hidden field empty; people never see it.",
  }),
  apiNotFound: entry({
    code: "API_NOT_FOUND",
    title: "Unknown API path",
    message: "There is no API endpoint at this path",
    hint: "The lead API has two endpoints: POST /api/tokens/lead and POST /api/leads.",
  }),
  methodNotAllowed: entry({
    code: "API_METHOD_NOT_ALLOWED",
    title: "Method not allowed",
    message: "This endpoint does not accept this method",
    hint: "Send the methods listed in the Allow header (POST).",
  }),
  rateLimitStoreDown: entry({
    code: "RATE_LIMIT_STORE_DOWN",
    title: "Shared rate-limit store unreachable",
    message:
      "The shared rate-limit store (Redis) cannot be reached; requests are accepted without a rate limit until it answers again",
    hint: "Check that Redis is running and that REDIS_URL points to it; leads keep being accepted meanwhile.",
  }),
  databaseConnectionLost: entry({
    code: "DB_CONNECTION_LOST",
    title: "Database connection lost",
    message:
      "PostgreSQL ended an idle connection of the lead API's pool; the next request opens another, and no lead was being written on it",
    hint: "Nothing to do once (PostgreSQL restarted, or a proxy or idle_session_timeout closed it); if it repeats, check PostgreSQL and the network to it.",
  }),
  rateLimitStoreBack: entry({
    code: "RATE_LIMIT_STORE_BACK",
    title: "Shared rate-limit store answers again",
    message: "The shared rate-limit store (Redis) answers again",
    hint: "Nothing to do: requests are counted against the shared limit again.",
    kind: "info",
  }),
  rateLimitPerInstance: entry({
    code: "RATE_LIMIT_PER_INSTANCE",
    title: "Rate limits counted per instance",
    message: "DATABASE_URL is set but REDIS_URL is not: each instance counts its own rate limit",
    hint: "With several instances behind a load balancer, set REDIS_URL so that they share one limit.",
  }),
  redisUrlInvalid: entry({
    code: "CONFIG_REDIS_URL_INVALID",
    title: "Invalid REDIS_URL",
    message: "REDIS_URL must be a redis:// or rediss:// URL",
    hint: "For example REDIS_URL=redis://127.0.0.1:6379/0.",
  }),
  integerSetting: entry<{ name: string; min: number; raw: string }>({
    code: "CONFIG_NOT_AN_INTEGER",
    title: "Setting is not a whole number",
    message: ({ name, min, raw }) => `${name} must be an integer >= ${min}, got "${raw}"`,
    hint: "Set it to a whole number, or unset it for its default (docs/server.md lists each setting and its default).",
  }),
  tokenSecretShort: entry({
    code: "CONFIG_TOKEN_SECRET_SHORT",
    title: "Form token secret too short",
    message: "LEAD_TOKEN_SECRET must be at least 32 characters",
    hint: "Generate one with `openssl rand -base64 48` and use the same value on every instance.",
  }),
  tokenSecretMissing: entry({
    code: "CONFIG_TOKEN_SECRET_MISSING",
    title: "Form token secret missing",
    message: "LEAD_TOKEN_SECRET is required when NODE_ENV=production (at least 32 characters)",
    hint: "Generate one with `openssl rand -base64 48` and use the same value on every instance, so that a form token from one verifies on the others.",
  }),
  corsWildcard: entry({
    code: "CONFIG_CORS_WILDCARD",
    title: "CORS open to every origin",
    message: "CORS_ORIGINS must list explicit origins, never *",
    hint: "List the sites allowed to post leads, comma-separated: CORS_ORIGINS=https://www.example.com,https://example.com.",
  }),
  siteMissing: entry<{ dir: string }>({
    code: "SERVER_NO_SITE",
    title: "No built site to serve",
    message: ({ dir }) => `No prerendered site in ${dir} (index.html is missing)`,
    hint: "Run `npm run build`, or `npm start`, which builds when needed; SITE_DIR or BUILD_DIR point elsewhere.",
  }),
  notFoundPageMissing: entry<{ dir: string }>({
    code: "SERVER_NO_404_PAGE",
    title: "Built site has no 404 page",
    message: ({ dir }) => `The prerendered site in ${dir} has no 404 page (404/index.html)`,
    hint: "Rebuild with `npm run build`: the build always writes it, so the directory is incomplete or from another tool.",
  }),
  notifyIncomplete: entry({
    code: "CONFIG_NOTIFY_INCOMPLETE",
    title: "E-mail notification half configured",
    message: "LEAD_NOTIFY_TO and SMTP_URL must be set together",
    hint: "Set both (LEAD_NOTIFY_TO=sales@example.com SMTP_URL=smtp://user:pass@mail.example.com:587) or neither.",
  }),
  notifyAddressInvalid: entry<{ address: string }>({
    code: "CONFIG_NOTIFY_ADDRESS_INVALID",
    title: "Invalid notification address",
    message: ({ address }) =>
      `${JSON.stringify(address)} is not an e-mail address: LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM must hold plain addresses (comma-separated for LEAD_NOTIFY_TO)`,
    hint: "For example LEAD_NOTIFY_TO=sales@example.com,ops@example.com.",
  }),
  smtpUrlInvalid: entry({
    code: "CONFIG_SMTP_URL_INVALID",
    title: "Invalid SMTP_URL",
    message: "SMTP_URL must be an smtp:// or smtps:// URL",
    hint: "For example SMTP_URL=smtps://user:password@mail.example.com:465 (percent-encode special characters).",
  }),
  outboxDeliveryFailed: entry({
    code: "OUTBOX_DELIVERY_FAILED",
    title: "Lead not delivered yet",
    message: "A lead could not be delivered; it stays in the outbox and is retried with backoff",
    hint: "Check the CRM webhook or the SMTP server named in the log; nothing is lost while it is down.",
  }),
  outboxPassFailed: entry({
    code: "OUTBOX_PASS_FAILED",
    title: "Outbox not read",
    message: "The outbox could not be read or updated; its leads are delivered at the next pass",
    hint: "Check that the database named in the log is reachable; no lead is lost while it is down.",
  }),
  storeNotDurable: entry<{ file: string; journal: unknown; synchronous: unknown }>({
    code: "STORE_NOT_DURABLE",
    title: "SQLite cannot store leads durably",
    message: ({ file, journal, synchronous }) =>
      `SQLite ${file}: expected journal_mode=wal and synchronous=FULL(2), got ${String(journal)} and ${String(synchronous)}`,
    hint: "Put DATABASE_URL's file on a local disk that allows WAL (not a network share or a read-only volume), then restart the server.",
  }),
  walSyncFailed: entry<{ file: string; reason: string }>({
    code: "STORE_FSYNC_FAILED",
    title: "Leads cannot be written to disk",
    message: ({ file, reason }) => `fsync of ${file} failed: ${reason}`,
    hint: "Check the disk (full, read-only, failing), then restart the server: no lead is acknowledged until then.",
  }),
  leadNotFound: entry({
    code: "LEAD_NOT_FOUND",
    title: "No such lead",
    message: "No lead has this id",
    hint: "Copy the id from `npm run leads -- list --spam`.",
  }),
  leadNotQuarantined: entry({
    code: "LEAD_NOT_QUARANTINED",
    title: "Lead not in quarantine",
    message: "This lead is not quarantined as spam, so there is nothing to release",
    hint: "Only leads shown by `npm run leads -- list --spam` can be released.",
  }),
} as const;

/** The page editor (npm run edit): why it refused a request, shown in its tab. */
export const editorErrors = {
  olderBlocks: entry({
    code: "EDIT_OLDER_BLOCKS",
    title: "Blocks in an older shape",
    message:
      "Some blocks of this page were written for an older version of their block type, so the site cannot build them as they are.",
    hint: "Migrate them here (the result is an unsaved change to review and save), or run `npm run migrate` for every page.",
  }),
  migrationFailed: entry({
    code: "EDIT_MIGRATION_FAILED",
    title: "Migration failed",
    message: "A migration could not bring this page's blocks to their latest version, so nothing was changed.",
    hint: "Tell a developer: `npm run migrate` shows the same failure with the file, the block and the migration.",
  }),
  foreignOrigin: entry({
    code: "EDIT_FOREIGN_ORIGIN",
    title: "Write refused",
    message: "This request did not come from the editor's own page, so nothing was written.",
    hint: "Make changes from the editor tab that `npm run edit` opened.",
  }),
  bundleFailed: entry<{ reason: string }>({
    code: "EDIT_BUNDLE_FAILED",
    title: "Editor not built",
    message: ({ reason }) =>
      `The editor's pages could not be built from the code of the blocks, the renderer and the editor, so the editor did not start: ${reason}`,
    hint: "Fix the file the message names (`npm run typecheck` and `npm run dev` show the same error), then run `npm run edit` again.",
  }),
  foreignHost: entry({
    code: "EDIT_FOREIGN_HOST",
    title: "Request refused",
    message:
      "This request was addressed to another site's name (its Host header), so the editor answered nothing: not its page, which carries this run's key, nor its files.",
    hint: "Open the editor at the address `npm run edit` printed (http://127.0.0.1:<port>/), not through another name.",
  }),
  badToken: entry({
    code: "EDIT_BAD_TOKEN",
    title: "Write refused",
    message: "The editor was restarted since this tab was opened, so its key is no longer valid.",
    hint: "Reload the tab; unsaved changes are kept.",
  }),
  unsafePath: entry({
    code: "EDIT_UNSAFE_PATH",
    title: "File refused",
    message: "The editor only reads and writes files inside site-config/ and public/media/.",
    hint: "Pick a page from the list or a file under public/media/.",
  }),
  invalid: entry({
    code: "EDIT_INVALID",
    title: "Not saved: the page has problems",
    message: "Saving would break the build, so the file was left as it was.",
    hint: "Fix the problems listed (each one is also shown next to its field), then save again.",
  }),
  notJson: entry({
    code: "EDIT_NOT_JSON",
    title: "Not valid JSON",
    message: "This file is not valid JSON, so the editor cannot show it as a form.",
    hint: "Fix it at the place shown, in your text editor (`npm run validate` shows it too), then open it again.",
  }),
  conflict: entry({
    code: "EDIT_CONFLICT",
    title: "The file changed on disk",
    message: "Someone changed this file since you opened it (in another editor, or with git).",
    hint: "Reload it to see their version (your changes are dropped), or keep yours to overwrite theirs.",
  }),
  scaffold: entry({
    code: "EDIT_SCAFFOLD",
    title: "Page not created",
    message: "The new page could not be created.",
    hint: "Choose another slug or name, as the message says.",
  }),
  duplicate: entry({
    code: "EDIT_DUPLICATE",
    title: "Page not duplicated",
    message: "The copy of the page could not be created.",
    hint: "Choose another slug, as the message says: a copy never replaces a page.",
  }),
  mediaType: entry({
    code: "EDIT_MEDIA_TYPE",
    title: "File not uploaded",
    message: "Only images (svg, png, jpg, webp, avif) and videos (mp4, webm) can be uploaded.",
    hint: "Export the file in one of these formats, with a name of lower-case letters, digits and hyphens.",
  }),
  mediaSize: entry({
    code: "EDIT_MEDIA_SIZE",
    title: "File not uploaded",
    message: `The file is larger than ${MAX_MEDIA_MB} MB.`,
    hint: "Compress it first: pages must stay fast on phones.",
  }),
  mediaContent: entry({
    code: "EDIT_MEDIA_CONTENT",
    title: "File not uploaded",
    message: "The file's content is not the format its name says.",
    hint: "Export the image or video again in that format, or give the file the extension of its real format.",
  }),
  mediaExists: entry({
    code: "EDIT_MEDIA_EXISTS",
    title: "File not uploaded",
    message: "A file with this name already exists under public/media/.",
    hint: "Rename the file, or pick the existing one from the list.",
  }),
  notADocument: entry({
    code: "EDIT_NOT_A_DOCUMENT",
    title: "Not saved: not a document",
    message: "The content sent is not a JSON object, as a page and the site's settings are, so nothing was written.",
    hint: "Reload the tab (unsaved changes are kept) and save again; a script calling the editor must send the whole document as `value`.",
  }),
  bodyTooLarge: entry({
    code: "EDIT_BODY_TOO_LARGE",
    title: "Request refused",
    message: `Request body too large: the editor takes at most ${MAX_JSON_MB} MB of JSON in one request, so nothing was written.`,
    hint: "A page this large would be too heavy for visitors too: split its content into several pages.",
  }),
  badRequest: entry({
    code: "EDIT_BAD_REQUEST",
    title: "Request refused",
    message: "The editor could not read this request.",
    hint: "Reload the tab and try again.",
  }),
  crashed: entry({
    code: "EDIT_CRASHED",
    title: "The editor stopped",
    message: "Something in the editor failed while showing this screen. Your unsaved changes are kept in this browser.",
    hint: "Reload the tab to go on where you were; if it happens again, the browser's console shows the cause.",
  }),
  blockNotShown: entry({
    code: "EDIT_BLOCK_NOT_SHOWN",
    title: "Block not shown",
    message: "This block cannot be shown until its problems are fixed.",
    hint: "Fix the problems listed under its fields; the preview shows it again at once.",
  }),
  failed: entry({
    code: "EDIT_FAILED",
    title: "Request failed",
    message: "The editor failed while handling this request; nothing may have been saved.",
    hint: "Reload the tab and try again; the terminal running `npm run edit` shows the cause.",
  }),
  noServer: entry({
    code: "EDIT_NO_SERVER",
    title: "The editor could not start",
    message: "The tab got no answer from the editor's server, so it has no pages to show.",
    hint: "Check that `npm run edit` still runs in its terminal (start it again if it stopped), then reload the tab.",
  }),
} as const;

/** Why the page editor refused a file name (the reason given with EDIT_UNSAFE_PATH). */
export const editorPathErrors = {
  noName: entry({
    code: "EDIT_PATH_MISSING",
    title: "No file named",
    message: "no file was named",
    hint: "Pick a page from the list or a file under public/media/.",
  }),
  absolute: entry<{ file: string }>({
    code: "EDIT_PATH_ABSOLUTE",
    title: "Absolute path",
    message: ({ file }) => `'${file}' is an absolute path — name a file inside the project`,
    hint: "Name the file from the project folder, such as site-config/pages/about.json.",
  }),
  outside: entry<{ file: string; roots: readonly string[] }>({
    code: "EDIT_PATH_OUTSIDE",
    title: "File outside the content folders",
    message: ({ file, roots }) => `'${file}' is outside ${roots.join(" and ")} — the editor writes only there`,
    hint: "Pick a page from the list or a file under public/media/; symlinks out of these folders are refused too.",
  }),
  notJson: entry<{ file: string }>({
    code: "EDIT_PATH_NOT_JSON",
    title: "Not a page document",
    message: ({ file }) => `'${file}' is not a JSON document`,
    hint: "Pages and site settings are .json files under site-config/.",
  }),
} as const;

/**
 * Publishing from the page editor: what git (driven through the system's git, so the marketer's credentials, SSH
 * keys and hooks apply) refused or could not do. Every one of them leaves the files and `git status` as they were.
 */
export const editorGitErrors = {
  notRepository: entry({
    code: "EDIT_GIT_NOT_A_REPOSITORY",
    title: "Not a git repository",
    message: "The project folder is not a git checkout, so the editor cannot show or publish changes.",
    hint: "Open the editor in a clone of the site's repository (git clone …, then npm run edit).",
  }),
  noRemote: entry<{ remote: string }>({
    code: "EDIT_GIT_NO_REMOTE",
    title: "No remote to publish to",
    message: ({ remote }) => `This checkout has no remote named '${remote}', so there is nowhere to publish to.`,
    hint: "Ask a developer to add it (git remote add origin <address of the site's repository>), or set EDIT_BASE.",
  }),
  noBase: entry<{ base: string }>({
    code: "EDIT_GIT_NO_BASE",
    title: "Base branch not found",
    message: ({ base }) => `The branch the site is published from, '${base}', was not found on the remote.`,
    hint: "Set EDIT_BASE (or git config voxa-editor.base) to the branch the site is built from, such as origin/main.",
  }),
  offline: entry({
    code: "EDIT_GIT_OFFLINE",
    title: "The remote cannot be reached",
    message: "The editor could not reach the site's repository: you may be offline, or its address may be wrong.",
    hint: "Check your connection and try again; nothing was changed.",
  }),
  pushRejected: entry<{ branch: string }>({
    code: "EDIT_GIT_PUSH_REJECTED",
    title: "Publish refused by the remote",
    message: ({ branch }) => `The remote refused the update of '${branch}': someone else changed it since.`,
    hint: "Click Get latest, check your changes, then publish again; nothing was changed.",
  }),
  noPermission: entry({
    code: "EDIT_GIT_NO_PERMISSION",
    title: "No permission to publish",
    message: "The remote refused your credentials, or you may not push branches to it.",
    hint: "Ask a developer for write access to the repository (or to set up your git credentials), then try again.",
  }),
  operationInProgress: entry<{ operation: string }>({
    code: "EDIT_GIT_IN_PROGRESS",
    title: "A git operation is unfinished",
    message: ({ operation }) => `A ${operation} was started in this checkout and not finished.`,
    hint: "Ask a developer to finish or abort it (git status says how), then try again.",
  }),
  detached: entry({
    code: "EDIT_GIT_DETACHED",
    title: "No branch checked out",
    message: "This checkout is on a single commit, not on a branch (a 'detached HEAD').",
    hint: "Ask a developer to check out a branch (git switch main), then try again.",
  }),
  noIdentity: entry({
    code: "EDIT_GIT_NO_IDENTITY",
    title: "Who is publishing?",
    message: "Git does not know your name and e-mail yet, which every published change carries.",
    hint: "Enter them once; the editor keeps them in this repository's git settings.",
  }),
  badIdentity: entry({
    code: "EDIT_GIT_BAD_IDENTITY",
    title: "Name or e-mail not valid",
    message: "A name and an e-mail address (such as ana@example.com) are needed, on one line each.",
    hint: "Enter your name and your work e-mail address.",
  }),
  nothingToPublish: entry({
    code: "EDIT_GIT_NOTHING_TO_PUBLISH",
    title: "Nothing to publish",
    message: "No page, site setting or media file differs from the published site.",
    hint: "Save your edits first; unsaved changes are not published.",
  }),
  noSummary: entry({
    code: "EDIT_GIT_NO_SUMMARY",
    title: "Summary needed",
    message: "A one-line summary of the change is needed: it becomes the title of the review request.",
    hint: "Write what changed, such as 'New pet insurance page'.",
  }),
  notContent: entry<{ files: readonly string[] }>({
    code: "EDIT_GIT_NOT_CONTENT",
    title: "Not a content file",
    message: ({ files }) =>
      `These files are not pages, site settings or media, so they are never published: ${files.join(", ")}`,
    hint: "Only .json files under site-config/ and images or videos under public/media/ are published; remove the others.",
  }),
  baseMoved: entry<{ files: readonly string[] }>({
    code: "EDIT_GIT_BASE_MOVED",
    title: "Someone changed the same pages",
    message: ({ files }) => `Since you started, someone published changes to: ${files.join(", ")}`,
    hint: "Save your edits, click Get latest to see theirs, then publish again.",
  }),
  latestBlocked: entry<{ files: readonly string[] }>({
    code: "EDIT_GIT_LATEST_BLOCKED",
    title: "Your edits would be overwritten",
    message: ({ files }) => `The latest site changes files you edited and did not publish yet: ${files.join(", ")}`,
    hint: "Publish your changes (or discard them) first; then Get latest brings the rest.",
  }),
  diverged: entry<{ branch: string }>({
    code: "EDIT_GIT_DIVERGED",
    title: "Get latest would mix histories",
    message: ({ branch }) =>
      `The branch '${branch}' has commits the published site does not have, so it cannot simply move forward.`,
    hint: "Ask a developer to bring the branch up to date (the editor never merges or rebases your work).",
  }),
  unknownVersion: entry({
    code: "EDIT_GIT_UNKNOWN_VERSION",
    title: "Version not found",
    message: "This version of the page is not in the repository's history.",
    hint: "Pick a version from the page's history.",
  }),
  publishingOff: entry<{ branch: string; base: string }>({
    code: "EDIT_GIT_PUBLISHING_OFF",
    title: "Publishing is off for this run",
    message: ({ branch, base }) =>
      `The editor runs on the branch '${branch}', not on '${base}', and publishing was not turned on for this run, so nothing was changed.`,
    hint: "Restart npm run edit and choose 'Publish to a new branch', or switch to the base first (git switch), then start the editor.",
  }),
  badChoice: entry({
    code: "EDIT_GIT_BAD_CHOICE",
    title: "Choice not understood",
    message:
      "The choice for this branch must be 'publish' (to a new branch from the base) or 'files' (edit files only).",
    hint: "Pick one of the two buttons the editor shows; a script must send { choice: 'publish' } or { choice: 'files' }.",
  }),
  failed: entry<{ detail: string }>({
    code: "EDIT_GIT_FAILED",
    title: "Git failed",
    message: ({ detail }) => `Git could not complete the request: ${detail}`,
    hint: "Nothing was changed; try again, or show the message to a developer.",
  }),
} as const;

/** Publishing from the page editor: what GitHub or GitLab refused when asked to open or read a review request. */
export const editorForgeErrors = {
  tokenRefused: entry<{ forge: string }>({
    code: "EDIT_FORGE_TOKEN_REFUSED",
    title: "Token refused",
    message: ({ forge }) =>
      `${forge} refused the access token, so no review request was opened (your branch was pushed).`,
    hint: "Set a valid token (GITHUB_TOKEN or GITLAB_TOKEN, or log in with gh / glab), restart npm run edit, and publish again.",
  }),
  noPermission: entry<{ forge: string }>({
    code: "EDIT_FORGE_NO_PERMISSION",
    title: "No permission to open the request",
    message: ({ forge }) =>
      `${forge} says this token may not open review requests in the repository (your branch was pushed).`,
    hint: "Ask a developer for a token with pull or merge request rights, or open the request from the link shown.",
  }),
  unreachable: entry<{ forge: string }>({
    code: "EDIT_FORGE_UNREACHABLE",
    title: "Forge not reachable",
    message: ({ forge }) => `${forge} could not be reached, so no review request was opened (your branch was pushed).`,
    hint: "Check your connection (and GITHUB_API_URL or CI_API_V4_URL), then publish again or open the request from the link.",
  }),
  failed: entry<{ forge: string; status: number }>({
    code: "EDIT_FORGE_FAILED",
    title: "Review request not opened",
    message: ({ forge, status }) =>
      `${forge} answered with HTTP ${status}, so no review request was opened (your branch was pushed).`,
    hint: "Open the request from the link shown, or try again later.",
  }),
} as const;

/**
 * The build's checks on what it reads from its tools (Vite's manifest of the client build, and the dependencies'
 * output that the build patches: each patch fails here rather than doing nothing when its dependency changes), and
 * what it reports while it prerenders the pages (scripts/lib/prerender.ts).
 */
export const buildErrors = {
  manifestMissing: entry<{ file: string }>({
    code: "BUILD001",
    title: "Client build manifest missing",
    message: ({ file }) =>
      `${file} is missing or unreadable: the chunks of the islands and of each page are read from the client build's manifest`,
    hint: "Run `npm run build` (BUILD_DIR picks another build); if it ran, check that vite.config.ts still has the clientManifest plugin.",
  }),
  manifestEntryMissing: entry<{ file: string; chunk: string }>({
    code: "BUILD002",
    title: "Chunk missing from the client build manifest",
    message: ({ file, chunk }) => `${file} has no chunk for ${chunk}`,
    hint: "Rebuild with `npm run build`: the manifest and the pages must come from the same build.",
  }),
  dependencyChanged: entry<{ pkg: string; version: string; output: string; expected: string; patch: string }>({
    code: "BUILD003",
    title: "A patched dependency changed its output",
    message: ({ pkg, version, output, expected, patch }) =>
      `${pkg} ${version}: ${output} no longer matches what ${patch} patches (expected ${expected})`,
    hint: "Update the patch and its test for this version of the package (the patch's comment says what it is for), or install the version it was written for.",
  }),
  prerenderFailed: entry<{ path: string; status: number; body: string }>({
    code: "BUILD004",
    title: "Page failed to prerender",
    message: ({ path, status, body }) =>
      `${path} could not be prerendered: it answered status ${status} instead of 200:\n${body}`,
    hint: "The error printed above it names what failed: `npm run dev` shows the same page with the error in place.",
  }),
  prerendererStopped: entry<{ code: number | null; path: string }>({
    code: "BUILD005",
    title: "Prerendering stopped",
    message: ({ code, path }) => `a prerendering process stopped (exit code ${code}) while rendering ${path}`,
    hint: "The error printed above it says why; if it ran out of memory, build on a machine with more.",
  }),
} as const;

/** What `npm run budgets` reports about the bytes of each prerendered route. */
export const budgetErrors = {
  jsOverBudget: entry<{ route: string; size: string; budget: string }>({
    code: "BUDGET001",
    title: "Too much JavaScript before interaction",
    message: ({ route, size, budget }) => `${route}: JS before interaction ${size} > ${budget} (gzip)`,
    hint: "Find the chunk that grew (`npm run build` lists their sizes) and load it later, or leave it out of the islands.",
  }),
  ajvShipped: entry<{ route: string; files: readonly string[] }>({
    code: "BUDGET002",
    title: "ajv shipped to the browser",
    message: ({ route, files }) => `${route}: ajv is shipped to the browser in ${files.join(", ")}`,
    hint: "Validation belongs to the build: import the validators only from .server.ts modules and scripts.",
  }),
  htmlOverBudget: entry<{ route: string; size: string; budget: string }>({
    code: "BUDGET003",
    title: "HTML and critical CSS over budget",
    message: ({ route, size, budget }) => `${route}: HTML + critical CSS ${size} > ${budget} (gzip)`,
    hint: "Shorten the page's content, or find what the markup or its styles added to every page.",
  }),
  editorShipped: entry<{ file: string; trace: string }>({
    code: "BUDGET004",
    title: "Page editor code in the build",
    message: ({ file, trace }) => `${file} contains '${trace}', a name of the page editor's code`,
    hint: "The editor is a development tool (npm run edit): import nothing from editor/ in the site, blocks or kit.",
  }),
  noEntryScript: entry<{ route: string; file: string }>({
    code: "BUDGET005",
    title: "No entry script found in a page",
    message: ({ route, file }) =>
      `${route}: ${file} has no module script or modulepreload, so its JavaScript cannot be measured`,
    hint: "The build's HTML changed shape: make `entryScriptsOf` in scripts/budgets.ts find the page's entry scripts again.",
  }),
} as const;

/** What the checks of the build (`npm run budgets`, `test:e2e`, `test:generated`, `perf`, `perf:input`) say about their setup. */
export const checkErrors = {
  noBuild: entry<{ dir: string }>({
    code: "CHECK001",
    title: "No build",
    message: ({ dir }) => `no production build in ${dir}/client`,
    hint: "Run `npm run build` first, or set BUILD_DIR to an existing build.",
  }),
  noChromium: entry<{ path: string; fromEnv: boolean }>({
    code: "CHECK002",
    title: "Chromium missing",
    message: ({ path, fromEnv }) =>
      `no Chromium found at ${path}${fromEnv ? " (from CHROME_PATH)" : ""}: the browser checks drive a locally installed Chromium`,
    hint: "On Debian/Ubuntu `apt-get install -y chromium` (as root, or with sudo); or set CHROME_PATH to the executable of an installed Chrome or Chromium.",
  }),
  serverExited: entry<{ code: number; log: string }>({
    code: "CHECK003",
    title: "The site's server stopped",
    message: ({ code, log }) => `\`npm start\` exited with code ${code}:\n${log}`,
    hint: "Read the server's output above; run `npm start` by hand to see it start.",
  }),
  serverSilent: entry<{ url: string; ms: number; log: string }>({
    code: "CHECK004",
    title: "The site's server did not answer",
    message: ({ url, ms, log }) => `\`npm start\` did not answer ${url} within ${ms} ms:\n${log}`,
    hint: "Read the server's output above; a rebuild on a busy machine can take longer: run `npm run build` first.",
  }),
  notWholeNumber: entry<{ option: string; value: string }>({
    code: "CHECK005",
    title: "Option is not a whole number",
    message: ({ option, value }) => `--${option} must be a whole number, not '${value}'`,
    hint: "Write the option's value in digits, e.g. `--random 20`.",
  }),
  unknownPerfMode: entry<{ modes: readonly string[] }>({
    code: "CHECK006",
    title: "No Lighthouse mode selected",
    message: ({ modes }) => `PERF_MODES names no mode; the modes are: ${modes.join(", ")}`,
    hint: "Set PERF_MODES to modes from the list, comma-separated (e.g. PERF_MODES=mobile,desktop), or leave it unset for all.",
  }),
  lighthouseFailed: entry<{ url: string; reason: string }>({
    code: "CHECK007",
    title: "Lighthouse could not audit a page",
    message: ({ url, reason }) => `Lighthouse could not audit ${url}: ${reason}`,
    hint: "Open the page in Chromium to see whether it loads; Lighthouse's own failures (NO_FCP and the like) pass on a rerun.",
  }),
  lighthouseRetry: entry<{ reason: string; attempt: number; attempts: number }>({
    code: "CHECK008",
    title: "Lighthouse run repeated",
    message: ({ reason, attempt, attempts }) => `${reason} — trying again (attempt ${attempt} of ${attempts})`,
    hint: "Nothing to do if a later attempt passes; Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP).",
  }),
} as const;

/** What `npm run perf:input` reports about the visitor's first input. */
export const firstInputErrors = {
  controlOffScreen: entry<{ row: string }>({
    code: "INPUT001",
    title: "Control not on screen",
    message: ({ row }) => `${row}: the control has no box on screen`,
    hint: "The row's control is hidden or missing at that width: fix the page, or the row in scripts/lib/first-input.ts if the control was renamed.",
  }),
  goalMissed: entry<{ goal: number; rows: readonly string[] }>({
    code: "INPUT002",
    title: "First input too slow",
    message: ({ goal, rows }) => `${rows.length} row(s) over the ${goal} ms goal: ${rows.join("; ")}`,
    hint: "Measure on a machine nobody else is using (`uptime`); if the row stays slow, profile that first input in Chromium's Performance panel with the CPU slowed 4×.",
  }),
} as const;

/** What `npm run bench:build` reports. */
export const benchBuildErrors = {
  configInvalid: entry<{ dir: string; problems: number }>({
    code: "BENCH001",
    title: "Generated configuration invalid",
    message: ({ dir, problems }) => `the generated config at ${dir} has ${problems} validation problems`,
    hint: "Run `npm run validate`: the copies are made from site-config/, which must be valid first.",
  }),
  buildFailed: entry<{ dir: string; output: string }>({
    code: "BENCH002",
    title: "Benchmark build failed",
    message: ({ dir, output }) => `the build of ${dir} failed:\n${output}`,
    hint: "Run `npm run build` to see the same failure on the site as it is.",
  }),
  validationSlow: entry<{ pages: number; ms: number; limit: number }>({
    code: "BENCH003",
    title: "Validation too slow",
    message: ({ pages, ms, limit }) => `validation of ${pages} pages took ${ms} ms (limit ${limit} ms)`,
    hint: "Run it again on a machine nobody else is using (`uptime`); if it stays slow, profile `validateConfig` (scripts/lib/validate.ts).",
  }),
} as const;

/** What `npm run bench:leads` and `npm run crash:leads` report about the lead server they run. */
export const leadBenchErrors = {
  serverDown: entry({
    code: "LOAD001",
    title: "Lead server did not start",
    message: "the lead server did not start",
    hint: "Run `npm start` by hand to see why (a port in use, a database it cannot open).",
  }),
  loadFailed: entry({
    code: "LOAD002",
    title: "Leads lost or refused under load",
    message:
      "under load, some answers were not 2xx, some requests failed or timed out, or a 2xx lead is not a stored row",
    hint: "Read the summary above: `non2xx`, `errors` and `timeouts` point at the API, a gap between `2xx` and `rows` at the store.",
  }),
  crashFailed: entry({
    code: "LOAD003",
    title: "Leads lost or duplicated across a crash",
    message:
      "after the crash, an acknowledged lead was lost, a retry failed or stored a duplicate, or the database is damaged",
    hint: "Read the summary above: `acknowledgedButLost` and `duplicateRows` point at the store, `retryFailures` at idempotency.",
  }),
} as const;

/** What `npm run lint` reports about the code's imports and printed lines (scripts/check-imports.ts). */
export const importErrors = {
  layer: entry<{ from: string; to: string; layer: string; banned: string }>({
    code: "LINT001",
    title: "Import against the layers",
    message: ({ from, to, layer, banned }) => `${from} imports ${to}: ${layer}/ must not import ${banned}/`,
    hint: "Move what both need down a layer (app → blocks → kit → contract; scripts and server use the contract).",
  }),
  cycle: entry<{ modules: readonly string[] }>({
    code: "LINT002",
    title: "Import cycle",
    message: ({ modules }) => `import cycle: ${modules.join(" → ")}`,
    hint: "Move what the modules share into a module of its own that imports neither.",
  }),
  literalPrint: entry<{ file: string; line: number; text: string }>({
    code: "LINT003",
    title: "Printed text not from the catalogue",
    message: ({ file, line, text }) => `${file}:${line} prints text written in place, not from the catalogue: ${text}`,
    hint: "Declare the line in contract/errors.ts (a result or information entry) and print it with scripts/lib/print.ts.",
  }),
} as const;

/*
 * What the commands print when all goes well, or while they run: results (`kind: "success"`, printed after a ✔) and
 * information (`kind: "info"`: usage, progress, figures, next steps). Each group sits in the catalogue beside the
 * problems of the same command. Tables of figures (budgets, benchmarks) are data: their rows are not catalogued.
 */
const success = <P = void>(e: Omit<CatalogueEntry<P>, "kind">) => entry<P>({ ...e, kind: "success" });
const info = <P = void>(e: Omit<CatalogueEntry<P>, "kind">) => entry<P>({ ...e, kind: "info" });

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
  docsUpToDate: success({
    code: "GEN104",
    title: "Documents up to date",
    message: "docs/blocks.md, docs/errors.md and the message tables of docs/validation.md are up to date",
    hint: "Nothing to do.",
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

/** What `npm run leads` prints on standard error (its standard output is the data). */
export const leadsCliLines = {
  exported: success<{ count: number }>({
    code: "CLI101",
    title: "Leads exported",
    message: ({ count }) => `Exported ${count} lead(s).`,
    hint: "Keep the export as safe as the database: it holds personal data.",
  }),
  quarantined: info<{ count: number }>({
    code: "CLI102",
    title: "Leads in quarantine",
    message: ({ count }) => `${count} lead(s) in quarantine; \`npm run leads -- release <id>\` releases one.`,
    hint: "Release a lead that a person sent; the rest are purged with the others after their retention.",
  }),
  released: success<{ id: string; channels: readonly string[] }>({
    code: "CLI103",
    title: "Lead released from quarantine",
    message: ({ id, channels }) =>
      `Released lead ${id}: it is exported like any lead; ${channels.length > 0 ? `queued for ${channels.join(" and ")}` : "no forwarding or e-mail configured"}.`,
    hint: "Nothing to do: the outbox forwards it as it forwards any lead.",
  }),
  erased: success<{ count: number; email: string }>({
    code: "CLI104",
    title: "Leads erased",
    message: ({ count, email }) =>
      `Erased ${count} lead(s) of ${email}, with their idempotency records and outbox rows.`,
    hint: "Answer the person's erasure request; backups older than today still hold the rows until they expire.",
  }),
  purged: success<{ count: number; before: string }>({
    code: "CLI105",
    title: "Old leads purged",
    message: ({ count, before }) => `Purged ${count} lead(s) created before ${before}.`,
    hint: "Nothing to do; run it on a schedule to keep the retention period.",
  }),
} as const;

/** What `npm start` prints before it serves the site. */
export const startLines = {
  rebuilding: info({
    code: "BUILD101",
    title: "Rebuilding a stale build",
    message: "Sources changed since the last build: rebuilding…",
    hint: "Wait for the build; the site is served when it ends.",
  }),
  building: info({
    code: "BUILD102",
    title: "Building a first time",
    message: "No build yet: building…",
    hint: "Wait for the build; the site is served when it ends.",
  }),
} as const;

/** What `npm run budgets` prints around its table. */
export const budgetLines = {
  budgets: info<{ js: string; html: string; longPages: readonly string[]; longHtml: string }>({
    code: "BUDGET101",
    title: "The budgets",
    message: ({ js, html, longPages, longHtml }) =>
      `Budgets: JS before interaction ≤ ${js} gzip, no ajv; HTML + critical CSS ≤ ${html} gzip (${longPages.join(", ")}: ≤ ${longHtml}).`,
    hint: "The budgets are in scripts/budgets.ts; raise one only with a reason written beside it.",
  }),
  routesOver: info<{ count: number }>({
    code: "BUDGET102",
    title: "Routes over budget",
    message: ({ count }) => `${count} route${count === 1 ? "" : "s"} over budget:`,
    hint: "Each problem below names its route and what grew.",
  }),
  withinBudget: success<{ routes: number }>({
    code: "BUDGET103",
    title: "Every route within budget",
    message: ({ routes }) => `${routes} routes within budget; no page editor code in the build`,
    hint: "Nothing to do.",
  }),
} as const;

/** What the checks of the build print while they run (`npm run perf`, `test:generated`). */
export const checkLines = {
  lighthouseProgress: info<{ route: string; mode: string; performance: number; runs: number }>({
    code: "CHECK101",
    title: "A route audited",
    message: ({ route, mode, performance, runs }) =>
      `  ${route} ${mode}: performance ${performance} (median of ${runs})`,
    hint: "Nothing to do: the table follows once every route is audited.",
  }),
  lighthouseHeading: info<{ runs: number; target: string }>({
    code: "CHECK102",
    title: "Lighthouse table",
    message: ({ runs, target }) =>
      `Lighthouse ${runs > 1 ? `medians of ${runs} runs` : "single runs"} against ${target}`,
    hint: "Read the table below; PERF_RUNS sets the number of runs.",
  }),
  lighthouseGoals: info({
    code: "CHECK103",
    title: "Lighthouse goals",
    message:
      "Goals: performance ≥ 95 mobile and 100 desktop; accessibility, best practices, SEO 100; CLS ≤ 0.01; TBT ≤ 150 ms.",
    hint: "A row below a goal: open that route in Chromium's Lighthouse panel to see what costs the points.",
  }),
  noHeadlessShell: info({
    code: "CHECK105",
    title: "Chromium's headless shell missing",
    message:
      "Chromium's headless shell is not installed, so the browser suites run in Chromium, with about twice the CPU: `apt-get install -y chromium-headless-shell` installs it on Debian",
    hint: "Install it (as root, or with sudo), or leave it: the suites pass in either.",
  }),
  generatedFinished: info<{ seconds: number }>({
    code: "CHECK104",
    title: "Generated pages checked",
    message: ({ seconds }) => `test:generated finished in ${seconds} s`,
    hint: "Vitest's summary above says whether every page passed.",
  }),
} as const;

/** What `npm run perf:input` prints. */
export const firstInputLines = {
  progress: info<{ row: string; ms: number }>({
    code: "INPUT101",
    title: "A first input measured",
    message: ({ row, ms }) => `  ${row}: ${ms} ms`,
    hint: "Nothing to do: the table follows once every row is measured.",
  }),
  heading: info<{ slowdown: number; runs: number }>({
    code: "INPUT102",
    title: "First input table",
    message: ({ slowdown, runs }) =>
      `First input, CPU slowed ${slowdown}×, median of ${runs} (pointerdown to the frame that answers)`,
    hint: "Read the table below: one row per control, its median and every run.",
  }),
  tableHeader: info<{ width: number }>({
    code: "INPUT104",
    title: "First input table's columns",
    message: ({ width }) => `${"first input".padEnd(width)}  median  runs`,
    hint: "Each row: the control, the median of its runs, then every run in milliseconds.",
  }),
  goalMet: success<{ goal: number }>({
    code: "INPUT103",
    title: "First input within the goal",
    message: ({ goal }) => `Every row within the ${goal} ms goal.`,
    hint: "Nothing to do.",
  }),
} as const;

/** What `npm run bench:build` prints around its table. */
export const benchBuildLines = {
  progress: info<{ pages: number }>({
    code: "BENCH101",
    title: "A site size measured",
    message: ({ pages }) => `  ${pages} pages done`,
    hint: "Nothing to do: the table follows once every size is built.",
  }),
  compiled: info<{ ms: number }>({
    code: "BENCH102",
    title: "Schema compilation",
    message: ({ ms }) => `Schemas compiled once in ${ms} ms (not included above).`,
    hint: "Nothing to do: the figure is paid once per process, whatever the number of pages.",
  }),
  validationFast: success<{ pages: number; ms: number; limit: number }>({
    code: "BENCH103",
    title: "Validation within its limit",
    message: ({ pages, ms, limit }) => `validation of ${pages} pages: ${ms} ms (limit ${limit} ms)`,
    hint: "Nothing to do.",
  }),
} as const;

/** What `npm run bench:edit` prints. */
export const benchEditLines = {
  heading: info<{ file: string; blocks: number }>({
    code: "BENCH201",
    title: "Editor benchmark",
    message: ({ file, blocks }) =>
      `Keystroke to preview on ${file} (${blocks} blocks, the largest page), preview 1366 px wide:`,
    hint: "Read the two figures below.",
  }),
  dom: info<{ stats: string }>({
    code: "BENCH202",
    title: "Preview updated",
    message: ({ stats }) => `  preview DOM updated: ${stats}`,
    hint: "The time from a keystroke to the preview's DOM holding the new text.",
  }),
  paint: info<{ stats: string }>({
    code: "BENCH203",
    title: "Preview painted",
    message: ({ stats }) => `  next frame painted:  ${stats}`,
    hint: "The time from a keystroke to the next frame painted after the update.",
  }),
  goal: info<{ load: string; cores: number }>({
    code: "BENCH204",
    title: "Editor benchmark goal",
    message: ({ load, cores }) =>
      `Goal: under 100 ms. Load average (1, 5, 15 min): ${load} on ${cores} cores; timings on a\nshared machine vary by tens of percent between runs: run it several times.`,
    hint: "Run it on a machine nobody else is using (`uptime`) before reading a slowdown into it.",
  }),
} as const;

/** What `npm run bench:leads` and `npm run crash:leads` print after their summary. */
export const leadBenchLines = {
  loadPassed: success({
    code: "LOAD101",
    title: "No lead lost under load",
    message: "PASS: every 2xx is a stored row; no errors, no timeouts",
    hint: "Nothing to do; the summary above has the throughput and latencies.",
  }),
  crashPassed: success({
    code: "LOAD102",
    title: "No lead lost across a crash",
    message: "PASS: nothing acknowledged was lost, nothing was duplicated, the database is intact",
    hint: "Nothing to do.",
  }),
} as const;

/** What `npm run lint` prints when the code passes its import and output checks. */
export const lintLines = {
  clean: success<{ modules: number }>({
    code: "LINT101",
    title: "Imports and printed lines in order",
    message: ({ modules }) =>
      `${modules} modules: layers import one way, no import cycle, every printed line from the catalogue`,
    hint: "Nothing to do.",
  }),
} as const;

/** What `npm run font` prints. */
export const fontLines = {
  written: success<{ file: string; kb: string; sourceKb: string }>({
    code: "FONT101",
    title: "Typeface written",
    message: ({ file, kb, sourceKb }) => `${file}: ${kb} kB (from ${sourceKb} kB)`,
    hint: "Commit the file; the build serves it as it is.",
  }),
} as const;

/** What the page editor's Changes view says when publishing or discarding went well, in its tab. */
export const editorPublishLines = {
  published: success<{ request: string }>({
    code: "EDIT_PUBLISHED",
    title: "Published for review",
    message: ({ request }) => `Your changes are waiting for review in ${request}.`,
    hint: "A reviewer checks them and merges the request; the site then goes live with them. Publishing again adds to it.",
  }),
  addedToRequest: success<{ request: string }>({
    code: "EDIT_PUBLISH_ADDED",
    title: "Published for review",
    message: ({ request }) => `Added to ${request}.`,
    hint: "The reviewer sees your new changes in the same request.",
  }),
  pushed: success<{ branch: string }>({
    code: "EDIT_PUBLISH_PUSHED",
    title: "Sent for review",
    message: ({ branch }) =>
      `Your changes are on the branch ${branch}; no review request was opened, as the editor has no token for the site's host.`,
    hint: "Open the request from the link below (or run the command); a developer can set up a token once, as docs/publishing.md says.",
  }),
  discarded: success<{ page: string; base: string }>({
    code: "EDIT_DISCARDED",
    title: "Changes discarded",
    message: ({ page, base }) => `${page} is back to the published version (${base}).`,
    hint: "An editor tab that had it open reloads it.",
  }),
  reloaded: info({
    code: "EDIT_RELOADED_AFTER_DISCARD",
    title: "Changes discarded",
    message: "Its changes were discarded in the Changes view: this is the published version again.",
    hint: "Edit it again if you need to; the edits you discarded cannot be brought back.",
  }),
  noChanges: info<{ base: string }>({
    code: "EDIT_NO_CHANGES",
    title: "No changes",
    message: ({ base }) => `Every page, the site settings and the media are as the published site (${base}) has them.`,
    hint: "Edit and save a page: it is listed here, ready to publish.",
  }),
} as const;

/** What `npm run edit` prints in the terminal. */
export const editorLines = {
  building: info({
    code: "EDIT_BUILDING",
    title: "Building the editor",
    message:
      "Building the editor's pages: once after each change to the code of the blocks, the renderer or the editor, in a few seconds.",
    hint: "The next `npm run edit` opens at once, until that code changes again.",
  }),
  started: info<{ url: string; opened: boolean }>({
    code: "EDIT_STARTED",
    title: "Editor running",
    message: ({ url, opened }) =>
      `Voxa page editor: ${url}/\n${opened ? "Opened in your browser" : "Open it in your browser"}. It edits the files in site-config/ directly; git status lists what changed (new pages too), git diff shows how. Ctrl+C stops it.`,
    hint: "Edit in the browser tab; `git status` lists the files it saved or created, `git diff` what changed in them.",
  }),
} as const;

/** What the page editor's history, Get latest and branch choice tell the marketer in its tab. */
export const editorHistoryLines = {
  noHistory: info({
    code: "EDIT_HISTORY_NONE",
    title: "No history yet",
    message: "This page has never been committed, so it has no earlier versions.",
    hint: "Its versions are listed here once a change to it is published and merged.",
  }),
  unreadable: entry({
    code: "EDIT_HISTORY_UNREADABLE",
    title: "Version cannot be shown",
    message: "This version of the file is not valid JSON, so it cannot be previewed or restored.",
    hint: "Pick another version.",
  }),
  restored: success<{ when: string; author: string }>({
    code: "EDIT_HISTORY_RESTORED",
    title: "Version restored",
    message: ({ when, author }) => `The version of ${when} by ${author} is in the editor as an unsaved change.`,
    hint: "Review it, then save and publish it like any edit; Undo (Ctrl+Z) brings back the version you had.",
  }),
  unsaved: entry<{ files: readonly string[] }>({
    code: "EDIT_LATEST_UNSAVED",
    title: "Unsaved edits",
    message: ({ files }) => `Get latest was not started: these files have unsaved edits: ${files.join(", ")}`,
    hint: "Save or discard them first (open the page: its banner offers to discard); Get latest never overwrites an edit.",
  }),
  upToDate: success({
    code: "EDIT_LATEST_UP_TO_DATE",
    title: "Up to date",
    message: "You already have the latest site",
    hint: "Nothing to do.",
  }),
  updated: success<{ count: number }>({
    code: "EDIT_LATEST_UPDATED",
    title: "Latest site",
    message: ({ count }) => `${count} new change${count === 1 ? "" : "s"}`,
    hint: "The page list and the open page show them now.",
  }),
  onFeatureBranch: info<{ branch: string; base: string }>({
    code: "EDIT_BRANCH_NOT_BASE",
    title: "You are on your own branch",
    message: ({ branch, base }) =>
      `The editor runs on the branch '${branch}', not on '${base}', the branch the site is published from.`,
    hint: "Publish sends your content changes to a new branch made from the base, for review: it never commits onto your branch. Or keep editing files only, with publishing off until the editor restarts.",
  }),
  publishChosen: success<{ base: string }>({
    code: "EDIT_BRANCH_PUBLISH",
    title: "Publishing on",
    message: ({ base }) => `Published changes go to a new branch made from ${base}; your branch is left as it is.`,
    hint: "Edit, save and publish as usual.",
  }),
  filesChosen: success({
    code: "EDIT_BRANCH_FILES",
    title: "Files only",
    message:
      "Publishing, discarding and Get latest are off until the editor restarts; saving writes the files as usual.",
    hint: "Commit with git as you usually do.",
  }),
} as const;

/** What the server says to probes, load balancers and operators: health, draining, metrics, logs, deployment checks. */
export const operationsErrors = {
  alive: entry({
    code: "OPS001",
    title: "Alive",
    message: "The server is alive",
    hint: "Nothing to do: GET /healthz answers 200 while the event loop keeps up.",
  }),
  eventLoopStuck: entry<{ delayMs: number; maxMs: number }>({
    code: "OPS002",
    title: "Event loop blocked",
    message: ({ delayMs, maxMs }) => `The event loop lags ${delayMs} ms behind (more than ${maxMs} ms)`,
    hint: "Something synchronous holds the process (a CPU-bound task, a huge body): restart it, then profile with `node --cpu-prof`. HEALTH_MAX_EVENT_LOOP_DELAY_MS sets the limit.",
  }),
  ready: entry({
    code: "OPS003",
    title: "Ready",
    message: "Ready to take traffic",
    hint: "Nothing to do: GET /readyz answers 200 while the store answers, its migrations are applied and the server is not shutting down.",
  }),
  draining: entry({
    code: "OPS004",
    title: "Draining",
    message: "Shutting down: finishing current requests, taking no new traffic",
    hint: "Expected after SIGTERM: the load balancer moves traffic to other instances before this one closes (SHUTDOWN_GRACE_MS).",
  }),
  storeDown: entry<{ reason: string }>({
    code: "OPS005",
    title: "Lead store does not answer",
    message: ({ reason }) => `The lead store does not answer: ${reason}`,
    hint: "Check that PostgreSQL is up and reachable at DATABASE_URL (or that SQLITE_PATH's disk is there); the instance turns ready again by itself.",
  }),
  migrationsPending: entry<{ names: readonly string[] }>({
    code: "OPS006",
    title: "Migrations not applied",
    message: ({ names }) => `The database lacks migrations: ${names.join(", ")}`,
    hint: "Another version changed the database, or it was restored from an old backup: restart an instance of this version, which applies them.",
  }),
  drainStarted: entry<{ signal: string; graceMs: number; timeoutMs: number }>({
    code: "OPS007",
    title: "Shutdown started",
    message: ({ signal, graceMs, timeoutMs }) =>
      `${signal}: /readyz answers 503; requests are still served for ${graceMs} ms, then the server closes (at most ${timeoutMs} ms in all)`,
    hint: "Send the signal again to exit at once; SHUTDOWN_GRACE_MS and SHUTDOWN_TIMEOUT_MS set the delays.",
  }),
  drainForced: entry<{ why: string }>({
    code: "OPS008",
    title: "Shutdown cut short",
    message: ({ why }) =>
      `Exiting at once (${why}): acknowledged leads are committed, deliveries in progress resume elsewhere`,
    hint: "If the deadline is hit on every deploy, raise SHUTDOWN_TIMEOUT_MS (and the orchestrator's grace period above it).",
  }),
  closed: entry({
    code: "OPS009",
    title: "Closed",
    message: "Closed cleanly: every request answered, the outbox's current delivery finished",
    hint: "Nothing to do.",
  }),
  logFormatInvalid: entry<{ raw: string }>({
    code: "CONFIG_LOG_FORMAT_INVALID",
    title: "Invalid LOG_FORMAT",
    message: ({ raw }) => `LOG_FORMAT is '${raw}': it must be 'json' or 'pretty'`,
    hint: "Unset it (JSON lines, readable lines on a terminal outside production) or set json or pretty.",
  }),
  metricsListening: entry<{ url: string }>({
    code: "OPS010",
    title: "Metrics served",
    message: ({ url }) => `Prometheus metrics on ${url}`,
    hint: "Scrape it from the monitoring host; METRICS_HOST 0.0.0.0 only on a private network.",
  }),
  nginxMissing: entry({
    code: "OPS011",
    title: "nginx is not installed",
    message: "nginx is not installed",
    hint: "apt-get install -y nginx",
  }),
  haproxyMissing: entry({
    code: "OPS012",
    title: "HAProxy is not installed",
    message: "haproxy is not installed",
    hint: "apt-get install -y haproxy",
  }),
  nginxPagesWritten: entry<{ file: string; pages: number }>({
    code: "OPS013",
    title: "nginx page headers written",
    message: ({ file, pages }) => `${file}: Content-Security-Policy of ${pages} pages for deploy/nginx.conf`,
    hint: "Copy it with the build; deploy/nginx.conf includes it (docs/deploy.md).",
  }),
  deployParity: entry<{ differences: readonly string[] }>({
    code: "OPS014",
    title: "nginx answers differently from npm start",
    message: ({ differences }) => `nginx and npm start differ:\n${differences.join("\n")}`,
    hint: "Change deploy/nginx.conf (or scripts/nginx-pages.ts) until it answers as the server does, or justify the difference in the test.",
  }),
} as const;

/**
 * What `npm run affected` and `npm run review` say: the routes a change reaches, the pages before and after, and the
 * checks on the head (scripts/lib/affected.ts, scripts/lib/review/). Notices (a step done, the report written) are
 * entries too, so that every line the review prints has a code to search for.
 */
export const reviewErrors = {
  gitFailed: entry<{ command: string; output: string }>({
    code: "REVIEW001",
    title: "git failed",
    message: ({ command, output }) => `\`${command}\` failed: ${output}`,
    hint: "Run the command by hand in the project's folder to see why; the review needs a git checkout with its history (in CI, fetch with `fetch-depth: 0`).",
  }),
  unknownBase: entry<{ ref: string }>({
    code: "REVIEW002",
    title: "Unknown base",
    message: ({ ref }) => `'${ref}' names no commit of this repository`,
    hint: "Pass a branch, tag or commit that exists here, e.g. `--base origin/main` (in CI, fetch the base branch first).",
  }),
  usage: entry<{ command: string; problem: string; usage: string }>({
    code: "REVIEW003",
    title: "Invalid option",
    message: ({ command, problem, usage }) => `${command}: ${problem}\n  usage: ${usage}`,
    hint: "Pass the options the usage line shows; `--base` is required.",
  }),
  buildFailed: entry<{ side: string; dir: string; output: string }>({
    code: "REVIEW004",
    title: "Build failed",
    message: ({ side, dir, output }) => `the ${side} build in ${dir} failed:\n${output}`,
    hint: "Run `npm run build` in that checkout to see the same failure; a base that does not build cannot be compared.",
  }),
  step: info<{ step: string; seconds: string }>({
    code: "REVIEW005",
    title: "Step done",
    message: ({ step, seconds }) => `${step} (${seconds} s)`,
    hint: "Nothing to do: the report lists every step's time.",
  }),
  unstableControl: entry<{ route: string; width: number; pixels: number }>({
    code: "REVIEW006",
    title: "Unstable screenshots",
    message: ({ route, width, pixels }) =>
      `control route ${route} at ${width} px differs by ${pixels} pixels between two builds of unchanged content: the screenshots are not stable`,
    hint: "Something on the page moves or loads late (an animation, a font, a lazy image): make the review wait for it (scripts/lib/review/shoot.ts), or fix the page.",
  }),
  axeViolation: entry<{ route: string; width: number; rule: string; impact: string; target: string; help: string }>({
    code: "REVIEW007",
    title: "Accessibility violation",
    message: ({ route, width, rule, impact, target, help }) =>
      `${route} at ${width} px: ${rule} (${impact}) on ${target} — ${help}`,
    hint: "Fix the content or the block named: axe's rule page (https://dequeuniversity.com/rules/axe/) says how.",
  }),
  visualChange: info<{ route: string; width: number; pixels: number; percent: string }>({
    code: "REVIEW008",
    title: "Visual change",
    message: ({ route, width, pixels, percent }) => `${route} at ${width} px: ${pixels} pixels changed (${percent} %)`,
    hint: "Nothing to fix: look at the before, after and diff in the report and judge whether the change is wanted.",
  }),
  reportWritten: success<{ report: string; summary: string }>({
    code: "REVIEW009",
    title: "Report written",
    message: ({ report, summary }) => `report: ${report}; summary for the pull request: ${summary}`,
    hint: "Open the report in a browser; in CI, upload the review folder as an artifact.",
  }),
  passed: success<{ routes: number; changed: number; seconds: string }>({
    code: "REVIEW010",
    title: "Review passed",
    message: ({ routes, changed, seconds }) =>
      `review passed: ${routes} affected route${routes === 1 ? "" : "s"}, ${changed} with visual changes, no problem (${seconds} s)`,
    hint: "Nothing to fix: the visual changes are for the reviewer to judge.",
  }),
  failed: entry<{ problems: number; seconds: string }>({
    code: "REVIEW011",
    title: "Review failed",
    message: ({ problems, seconds }) =>
      `review failed: ${problems} problem${problems === 1 ? "" : "s"} (${seconds} s); each is listed above and in the report`,
    hint: "Fix each problem listed (validation, accessibility, budgets, unstable controls) and run the review again.",
  }),
  noRoutes: info({
    code: "REVIEW012",
    title: "No route affected",
    message: "no route of the site can change with this change: nothing to screenshot",
    hint: "Nothing to do: the change touches only files the build does not read (tests, docs, tools).",
  }),
  pageFailed: entry<{ route: string; side: string; status: number }>({
    code: "REVIEW013",
    title: "Page did not load",
    message: ({ route, side, status }) => `${route} answered ${status} on the ${side} build`,
    hint: "Open the route on that build (`npm start`) to see why; a page the head removes is shown as gone, not loaded.",
  }),
  baseCached: info<{ commit: string; dir: string }>({
    code: "REVIEW014",
    title: "Base build reused",
    message: ({ commit, dir }) => `base build of ${commit.slice(0, 12)} reused from ${dir}`,
    hint: "Nothing to do; delete the folder to build the base again.",
  }),
  benchFigures: info<{ seconds: string; limit: number; steps: string; load: string }>({
    code: "REVIEW015",
    title: "Review benchmark",
    message: ({ seconds, limit, steps, load }) =>
      `a one-page text change reviewed end to end in ${seconds} s (limit ${limit} s; base build cached): ${steps}; load average ${load}`,
    hint: "Nothing to do; on a shared machine, compare figures taken at a similar load average.",
  }),
  benchSlow: entry<{ seconds: string; limit: number; load: string }>({
    code: "REVIEW016",
    title: "Review too slow",
    message: ({ seconds, limit, load }) =>
      `the review of a one-page text change took ${seconds} s, over the ${limit} s budget (load average ${load})`,
    hint: "Run it again on a machine nobody else is using (`uptime`); if it stays slow, the report's timings say which step grew.",
  }),
  headRendered: info({
    code: "REVIEW017",
    title: "Head rendered with the base's code",
    message:
      "the change touches site-config/ alone and names the same icons: the head's pages were rendered with the base's build instead of building the site again",
    hint: "Nothing to do; a change to anything outside site-config/ builds the head in full.",
  }),
  pageAdded: info<{ route: string }>({
    code: "REVIEW018",
    title: "New page",
    message: ({ route }) => `${route}: new page, shot at 390 and 1366 px (nothing to compare with)`,
    hint: "Nothing to fix: look at the page in the report and judge whether it is ready.",
  }),
  pageRemoved: info<{ route: string }>({
    code: "REVIEW019",
    title: "Page removed",
    message: ({ route }) => `${route}: page removed, shown as it was`,
    hint: "Nothing to fix if the removal is wanted; the pages that linked to it are in the review too.",
  }),
} as const;

/** The figures of `npm run bench:migrate`, in milliseconds: the best and the median of its measured runs. */
interface MigrationBenchFigures {
  pages: number;
  runs: number;
  cpuMs: { best: number; median: number };
  ms: { best: number; median: number };
  limit: number;
  load: string;
}

const benchFigures = ({ runs, cpuMs, ms, limit, load }: MigrationBenchFigures) =>
  `${cpuMs.best} ms of CPU at best, ${cpuMs.median} ms median; ${ms.best} ms on the clock at best, ${ms.median} ms median (${runs} runs; limit ${limit} ms of CPU, median; load average ${load})`;

/**
 * Versioned blocks and content migrations: what `npm run validate`, the build and the dev server say about a block in
 * an older shape, and what `npm run new:migration` and `npm run migrate` print.
 */
export const migrationErrors = {
  olderBlock: entry<{ pointer: string; type: string; version: number; latest: number; names: readonly string[] }>({
    code: "MIG001",
    title: "Block in an older shape",
    message: ({ pointer, type, version, latest, names }) =>
      `\`${pointer}\` is a '${type}' block of version ${version}; the site is at version ${latest} (${names.join(", ")}): run \`npm run migrate\``,
    hint: "Run `npm run migrate` (add `-- --dry-run` to see the changes first), review the diff and commit it; docs/migrations.md explains.",
  }),
  threw: entry<{ file: string; pointer: string; migration: string; error: string }>({
    code: "MIG002",
    title: "Migration failed",
    message: ({ file, pointer, migration, error }) =>
      `${file} ${pointer}: migration ${migration} threw: ${error} — nothing was written`,
    hint: "Fix the migration's `up` for this block (its test shows the shapes it receives), then run `npm run migrate` again.",
  }),
  invalidOutput: entry<{ file: string; pointer: string; migration: string; problems: readonly string[] }>({
    code: "MIG003",
    title: "Migration produced an invalid block",
    message: ({ file, pointer, migration, problems }) =>
      `${file} ${pointer}: migration ${migration} produced a block its schema refuses (${problems.join("; ")}) — nothing was written`,
    hint: "Make the migration's `up` return a block of the version it produces, or the schema accept it; then run `npm run migrate` again.",
  }),
  removedAnchor: entry<{ file: string; pointer: string; href: string; migration: string }>({
    code: "MIG004",
    title: "Link to a block a migration removes",
    message: ({ file, pointer, href, migration }) =>
      `${file} ${pointer}: the link '${href}' points at a block that migration ${migration} removes — nothing was written`,
    hint: "Point the link elsewhere (or keep an anchor on the block that replaces it), then run `npm run migrate` again.",
  }),
  fileChanges: entry<{ file: string; blocks: readonly string[]; diff: string }>({
    code: "MIG005",
    title: "A file's migrated blocks",
    message: ({ file, blocks, diff }) => `${file}: ${blocks.join("; ")}\n${diff}`,
    hint: "Review the change in the diff before committing it.",
  }),
  migrated: entry<{ blocks: number; files: number; ms: number }>({
    code: "MIG006",
    title: "Content migrated",
    message: ({ blocks, files, ms }) => `migrated ${blocks} block(s) in ${files} file(s) in ${ms} ms`,
    hint: "Review `git diff site-config/`, run `npm run validate`, then commit the content with the migration.",
  }),
  upToDate: entry<{ files: number }>({
    code: "MIG007",
    title: "Content up to date",
    message: ({ files }) =>
      `every block of the ${files} content files is at its block type's version: nothing to migrate`,
    hint: "Nothing to do.",
  }),
  pending: entry<{ blocks: number; files: number }>({
    code: "MIG008",
    title: "Migrations pending",
    message: ({ blocks, files }) =>
      `${blocks} block(s) in ${files} file(s) are in an older shape (dry run: nothing was written)`,
    hint: "Run `npm run migrate` (outside CI, or with `-- --write`), review the diff and commit it.",
  }),
  badName: entry<{ name: string }>({
    code: "MIG009",
    title: "Invalid migration name",
    message: ({ name }) =>
      `'${name}' is not a valid migration name — use lower-case words joined by hyphens that say what changes, e.g. 'value-to-figure'`,
    hint: "Name the migration in lower-case words joined by hyphens.",
  }),
  unknownBlock: entry<{ type: string; known: readonly string[] }>({
    code: "MIG010",
    title: "No such block type",
    message: ({ type, known }) =>
      `there is no block type '${type}'${didYouMean(closest(type, known), ` — known types: ${known.join(", ")}`)}`,
    hint: "Pass --block with the name of a folder under blocks/.",
  }),
  scaffolded: entry<{ type: string; version: number; files: readonly string[] }>({
    code: "MIG011",
    title: "Migration scaffolded",
    message: ({ type, version, files }) =>
      `'${type}' is now at version ${version}; written:\n${files.map((file) => `  ${file}`).join("\n")}
Next:
  1. Change blocks/${type}/schema.json (and the component) to the new shape; npm run gen.
  2. Write \`up\` in the migration, and the 'after' example in its test; npx vitest run blocks/${type}/migrations.
  3. npm run migrate -- --dry-run, then npm run migrate; review and commit the content with the change.`,
    hint: "docs/migrations.md walks through a change of a block type.",
  }),
  exampleMissing: entry<{ file: string; version: number }>({
    code: "MIG012",
    title: "Migration example not written",
    message: ({ file, version }) =>
      `${file}: write \`after\`, the example block as version ${version} holds it — the test cannot pass until then`,
    hint: "Set `after` in the migration's test to what `up` must return for `before`.",
  }),
  exampleUndetectable: entry<{ file: string; version: number }>({
    code: "MIG013",
    title: "Older shape not told apart",
    message: ({ file, version }) =>
      `${file}: the 'before' example is also valid at version ${version}, so a block in the older shape cannot be recognised`,
    hint: "A migration is for a change that older content does not satisfy: change the schema so that the older shape fails it (docs/migrations.md).",
  }),
  exampleInvalid: entry<{ file: string; which: string; version: number; problems: readonly string[] }>({
    code: "MIG014",
    title: "Migration example invalid",
    message: ({ file, which, version, problems }) =>
      `${file}: the '${which}' example is not a valid block of version ${version} (${problems.join("; ")})`,
    hint: "Correct the example so that it is a block of the version it stands for.",
  }),
  badHistory: entry<{ folder: string; problem: string }>({
    code: "MIG015",
    title: "Block history inconsistent",
    message: ({ folder, problem }) => `blocks/${folder}/migrations/: ${problem}`,
    hint: "Migrations are numbered 002, 003… without gaps, each with its kept .before.schema.json, and block.ts's `version` is the last number (1 without migrations).",
  }),
  benchSlow: entry<MigrationBenchFigures>({
    code: "MIG016",
    title: "Migration too slow",
    message: (figures) => `migrating ${figures.pages} pages took too long: ${benchFigures(figures)}`,
    hint: "Run it again on a machine nobody else is using (`uptime`); if it stays slow, profile `migrateDocuments` (scripts/lib/migrate.ts) with `node --import tsx --cpu-prof scripts/bench-migrate.ts`.",
  }),
  benchDone: entry<MigrationBenchFigures & { blocks: number }>({
    code: "MIG017",
    title: "Migration benchmark",
    message: (figures) =>
      `migrated and wrote ${figures.blocks} blocks in ${figures.pages} pages: ${benchFigures(figures)}`,
    hint: "Nothing to do.",
  }),
} as const;

/** An entry without parameters, as the editor sends it to its tab. */
export type EditorError = CatalogueEntry;

export const catalogue = {
  "Content (npm run validate, build, dev server)": configErrors,
  "Validator output (npm run validate)": validateMessages,
  "Scaffolds (npm run new:page, npm run new:block)": { ...scaffoldErrors, ...scaffoldLines },
  "Generation (npm run gen, npm run docs, npm run docs:check)": { ...generationErrors, ...generationLines },
  "HTML check (npm run check:html)": { ...htmlCheckErrors, ...htmlCheckLines },
  "Lead form (what the visitor sees)": leadFormMessages,
  "Components (dev server)": componentErrors,
  "Lead API field errors": leadFieldErrors,
  "Lead API, outbox and server settings": leadApiErrors,
  "Leads CLI (npm run leads)": { ...leadsCliErrors, ...leadsCliLines },
  "Page editor (npm run edit)": { ...editorErrors, ...editorLines, ...editorPublishLines },
  "Page editor: files it refuses": editorPathErrors,
  "Page editor: publishing with git": editorGitErrors,
  "Page editor: review requests on GitHub and GitLab": editorForgeErrors,
  "Page editor: history, Get latest and branches": editorHistoryLines,
  "Build (npm run build, npm start)": { ...buildErrors, ...startLines },
  "Budgets (npm run budgets)": { ...budgetErrors, ...budgetLines },
  "Checks of the build (npm run budgets, test:e2e, test:generated, perf, perf:input)": {
    ...checkErrors,
    ...checkLines,
  },
  "First input (npm run perf:input)": { ...firstInputErrors, ...firstInputLines },
  "Build benchmark (npm run bench:build)": { ...benchBuildErrors, ...benchBuildLines },
  "Editor benchmark (npm run bench:edit)": benchEditLines,
  "Lead benchmarks (npm run bench:leads, crash:leads)": { ...leadBenchErrors, ...leadBenchLines },
  "Typeface (npm run font)": fontLines,
  "Code checks (npm run lint)": { ...importErrors, ...lintLines },
  "Operations (probes, shutdown, metrics, logs, deployment)": operationsErrors,
  "Content review (npm run affected, npm run review)": reviewErrors,
  "Block versions and migrations (npm run validate, new:migration, migrate)": migrationErrors,
} as const;

/** Any catalogue entry, whatever its parameters. */
export interface AnyEntry {
  code: string;
  title: string;
  message: string | ((params: never) => string);
  hint: string;
  kind?: MessageKind;
}

/** The kind of an entry: a problem unless it says otherwise. */
export const kindOf = (entry: AnyEntry): MessageKind => entry.kind ?? "problem";

/** The arguments an entry's message takes: none, or its parameters. */
export type ArgsOf<E extends AnyEntry> = E["message"] extends (params: infer P) => string ? [params: P] : [];

const entriesByCode = new Map(
  Object.values(catalogue)
    .flatMap((group) => Object.values(group) as AnyEntry[])
    .map((entry) => [entry.code, entry]),
);

/** The catalogue's entry for a code (a problem carries its code; its title and hint come from here). */
export const entryByCode = (code: string): AnyEntry | undefined => entriesByCode.get(code);

/** The message of an entry, with its parameters. */
export function messageOf<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): string {
  const message = entry.message as string | ((params: unknown) => string);
  return typeof message === "function" ? message(args[0]) : message;
}

/**
 * A message as a sentence, for prose that goes on with the hint ("Title. Message. Hint."): the catalogue writes
 * messages without a final stop, as a command prints them on a line of their own.
 */
export const asSentence = (message: string): string => (/[.!?…:]$/.test(message) ? message : `${message}.`);

/** An error carrying its catalogue code and hint, for the commands that print it and the tests that check the code. */
export class CatalogueError extends Error {
  readonly code: string;
  readonly hint: string;
  constructor(entry: AnyEntry, message: string) {
    super(message);
    this.name = "CatalogueError";
    this.code = entry.code;
    this.hint = entry.hint;
  }
}

/** Builds a CatalogueError from an entry and its parameters. */
export function catalogueError<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): CatalogueError {
  return new CatalogueError(entry, messageOf(entry, ...args));
}

/** How a command prints a catalogue error: the code first, then the message, then what to do. */
export const formatCatalogueError = (error: CatalogueError) => `✖ ${error.code} ${error.message}\n  ${error.hint}`;

/** How a command prints a line that is not a problem: a result after a ✔, information as it is. */
export function formatNotice<E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): string {
  const text = messageOf(entry, ...args);
  return kindOf(entry) === "success" ? `✔ ${text}` : text;
}

/** One line for logs and the CLI: `CODE: message (detail). hint` */
export function describeError(entry: CatalogueEntry, detail?: string): string {
  return `${entry.code}: ${entry.message}${detail ? ` (${detail})` : ""}. ${entry.hint}`;
}
