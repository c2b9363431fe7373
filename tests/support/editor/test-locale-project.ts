import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { copyProject } from "./test-project.ts";

/** The source page the fixture's translations translate, and one no locale has translated yet. */
export const FIXTURE_SOURCE = {
  file: "site-config/pages/plans.json",
  path: "/plans",
  heroHeading: "Plans for every team",
  sectionHeading: "How billing works",
} as const;
export const FIXTURE_UNTRANSLATED = { file: "site-config/pages/support-hours.json", path: "/support-hours" } as const;

const page = (fields: Record<string, unknown>) => ({ $schema: "", ...fields });

/**
 * A copy of the project (test-project.ts) whose site speaks English, German and French: site.json declares the
 * three; two pages of its own, one translated into German (/de/tarife) and French (/fr/offres), one translated into
 * neither. `git: true` commits it all, so that the translation status can be read.
 */
export function localeProject({ git = false }: { git?: boolean } = {}) {
  const project = copyProject();
  prepareLocales(project.dir, { git });
  return project;
}

/** Makes a copy of the project (`dir`) the site of three locales `localeProject` describes. */
export function prepareLocales(dir: string, { git = false }: { git?: boolean } = {}) {
  const project = { dir };
  const config = path.join(project.dir, "site-config");
  const write = (file: string, value: Record<string, unknown>) => {
    const full = path.join(project.dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    const schema = path.relative(path.dirname(full), path.join(project.dir, "schemas/page.schema.json"));
    fs.writeFileSync(full, `${JSON.stringify({ ...value, $schema: schema.split(path.sep).join("/") }, null, 2)}\n`);
  };
  fs.rmSync(path.join(config, "locales"), { recursive: true, force: true });
  const siteFile = path.join(config, "site.json");
  const site = JSON.parse(fs.readFileSync(siteFile, "utf8")) as Record<string, unknown>;
  site.locales = {
    default: "en-GB",
    list: [
      { code: "en-GB", name: "English" },
      { code: "de-DE", name: "Deutsch", prefix: "de", missing: "fallback" },
      { code: "fr-FR", name: "Français", prefix: "fr", missing: "unpublished" },
    ],
  };
  fs.writeFileSync(siteFile, `${JSON.stringify(site, null, 2)}\n`);

  const blocks = (hero: string, section: string, text: string) => [
    { type: "hero", id: "intro", heading: hero, text },
    { type: "text-section", heading: section, paragraphs: [text] },
    { type: "call-to-action" },
  ];
  write(
    FIXTURE_SOURCE.file,
    page({
      path: FIXTURE_SOURCE.path,
      title: "Plans",
      description: "What each plan includes, and how it is billed.",
      blocks: blocks(FIXTURE_SOURCE.heroHeading, FIXTURE_SOURCE.sectionHeading, "One price per resolved enquiry."),
    }),
  );
  write(
    FIXTURE_UNTRANSLATED.file,
    page({
      path: FIXTURE_UNTRANSLATED.path,
      title: "Support hours",
      description: "When our team answers, and how to reach it out of hours.",
      blocks: blocks("Support around the clock", "Out of hours", "Our agents answer at any hour."),
    }),
  );
  write(
    "site-config/locales/de-DE/pages/plans.json",
    page({
      path: "/de/tarife",
      translationOf: FIXTURE_SOURCE.path,
      title: "Tarife",
      description: "Was jeder Tarif enthält und wie er abgerechnet wird.",
      blocks: blocks("Tarife für jedes Team", "So funktioniert die Abrechnung", "Ein Preis pro gelöster Anfrage."),
    }),
  );
  write(
    "site-config/locales/fr-FR/pages/plans.json",
    page({
      path: "/fr/offres",
      translationOf: FIXTURE_SOURCE.path,
      title: "Offres",
      description: "Ce que comprend chaque offre, et comment elle est facturée.",
      blocks: blocks("Des offres pour chaque équipe", "La facturation", "Un prix par demande résolue."),
    }),
  );
  if (git) {
    const run = (...args: string[]) => execFileSync("git", args, { cwd: project.dir, stdio: "pipe" });
    run("init", "-q", "-b", "main");
    run("-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", "add", "-A");
    run("-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", "commit", "-qm", "Fixture");
  }
}
