import type { ErrorObject } from "ajv";
import type { MarkedReference } from "../../contract/schemas.server.ts";
import type { JsonText } from "./positions.ts";

/** The schema each kind of content file is validated against, by the name of its validator. */
export const schemaFiles = {
  site: "site.schema.json",
  localeSite: "locale-site.schema.json",
  section: "section.schema.json",
  page: "page.schema.json",
  framing: "media.schema.json",
  redirects: "redirects.schema.json",
} as const;

export type FileKind = keyof typeof schemaFiles;

/** A content file as read and validated against its kind's schema, which filled in the defaults of `value`. */
export interface SourceFile extends JsonText {
  /** Its absolute name. */
  file: string;
  value: unknown;
  kind: FileKind;
  /** What its schema found wrong: none when it is valid. */
  errors: readonly ErrorObject[];
  /** The links, assets and icons its schema marked (`siteRef`), and those its sections' overrides write. */
  references: MarkedReference[];
}
