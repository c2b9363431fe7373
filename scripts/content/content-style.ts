import fs from "node:fs";
import path from "node:path";
import { type ContentFile, readContentFiles } from "../../contract/content.server.ts";
import { type LocalesOfSite, siteLocales } from "../../contract/locales.ts";

/**
 * The site writes British English (docs/content-style.md). These are the American spellings it avoids, as whole words
 * in any case, with the British form; `-ize` words follow the general rule below.
 */
export const AMERICAN_SPELLINGS: Readonly<Record<string, string>> = {
  center: "centre",
  centers: "centres",
  centered: "centred",
  color: "colour",
  colors: "colours",
  behavior: "behaviour",
  behaviors: "behaviours",
  favor: "favour",
  favorite: "favourite",
  honor: "honour",
  labor: "labour",
  neighbor: "neighbour",
  program: "programme",
  programs: "programmes",
  catalog: "catalogue",
  analyze: "analyse",
  analyzed: "analysed",
  analyzing: "analysing",
  fulfill: "fulfil",
  enroll: "enrol",
  canceled: "cancelled",
  canceling: "cancelling",
  traveled: "travelled",
  traveling: "travelling",
  modeling: "modelling",
  gray: "grey",
  defense: "defence",
  offense: "offence",
  practiced: "practised",
};

/** `-ize`, `-ized`, `-izing`, `-ization`… (organize, optimized, personalization) are written with an s. */
const IZE = /^(\p{L}+)iz(e|es|ed|er|ers|ing|ation|ations)$/iu;
/** Words whose z belongs to the root, not to the -ize ending: size, seize, prize and their family. */
const ROOT_Z = /^((re|over|under|down|up|right|out|bite|full|king|mid|life|one)-?)?siz|^(seiz|priz|capsiz)/i;

/** Fields that hold an address, a name from a fixed set or a machine value, never prose: their words are not text. */
const NOT_TEXT = new Set([
  "$schema",
  "path",
  "href",
  "id",
  "type",
  "icon",
  "color",
  "variant",
  "tone",
  "layout",
  "imageSide",
  "headingLevel",
  "menu",
  "source",
  "screen",
  "src",
  "poster",
  "humanImage",
  "baseUrl",
  "siteUrl",
  "locale",
  "email",
  "phone",
  "lastUpdated",
  "companyNumber",
]);

/** Writes `british` with the capitals of `word` (Centers → Centres, CENTERS → CENTRES). */
const sameCase = (word: string, british: string) =>
  word === word.toUpperCase()
    ? british.toUpperCase()
    : word[0] === word[0].toUpperCase()
      ? british[0].toUpperCase() + british.slice(1)
      : british;

/** The British form of an American spelling, or undefined when the word is not one. */
export function britishFor(word: string): string | undefined {
  const listed = AMERICAN_SPELLINGS[word.toLowerCase()];
  if (listed && listed !== word.toLowerCase()) return sameCase(word, listed);
  const ize = IZE.exec(word);
  if (!ize || ROOT_Z.test(word)) return undefined;
  return `${ize[1]}is${ize[2]}`;
}

export interface SpellingFinding {
  /** The file, relative to the folder that holds site-config/. */
  file: string;
  /** JSON pointer to the text. */
  pointer: string;
  word: string;
  british: string;
}

/** Every American spelling in the texts of one JSON document. */
export function findAmericanSpellings(document: unknown, file: string): SpellingFinding[] {
  const found: SpellingFinding[] = [];
  const walk = (value: unknown, pointer: string, key: string) => {
    if (typeof value === "string") {
      if (NOT_TEXT.has(key)) return;
      for (const [word] of value.matchAll(/\p{L}+/gu)) {
        const british = britishFor(word);
        if (british) found.push({ file, pointer, word, british });
      }
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${pointer}/${i}`, key));
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value))
        walk(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, k);
  };
  walk(document, "", "");
  return found;
}

/** The language the rule holds for: British English. A page in German writes "Contact Center" as German does. */
const BRITISH_ENGLISH = "en-GB";

/**
 * Every American spelling in the British English files of `configDir`: site.json, the pages and the shared sections
 * while the default locale is British English, and the folder of any other locale written in it. Files of another
 * language are left to that language's own style.
 */
export function checkContentStyle(configDir: string): SpellingFinding[] {
  const { site, pages, sections, locales } = readContentFiles(configDir);
  const read = (file: ContentFile) => JSON.parse(file.text ?? fs.readFileSync(file.file, "utf8")) as unknown;
  const [own] = siteLocales(read(site) as LocalesOfSite);
  const british = [
    ...(own?.code === BRITISH_ENGLISH ? [site, ...pages, ...sections] : []),
    ...locales
      .filter((locale) => locale.code === BRITISH_ENGLISH)
      .flatMap((locale) => [locale.site, ...locale.pages].filter((file) => file.text !== null)),
  ];
  return british.flatMap((file) =>
    findAmericanSpellings(read(file), path.relative(path.dirname(configDir), file.file).split(path.sep).join("/")),
  );
}
