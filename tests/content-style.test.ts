import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configErrors, messageOf } from "../contract/errors.ts";
import { britishFor, checkContentStyle, findAmericanSpellings } from "../scripts/content/content-style.ts";

const root = path.resolve(import.meta.dirname, "..");
const describeAll = (findings: ReturnType<typeof checkContentStyle>) =>
  findings.map((finding) => messageOf(configErrors.americanSpelling, finding));

describe("the site's style rule: British English in every text of site-config/ (docs/content-style.md)", () => {
  it("holds for site.json and every page of the site's British English", () => {
    expect(describeAll(checkContentStyle(path.join(root, "site-config")))).toEqual([]);
  });

  it("names the file, the JSON pointer and the British form of each American spelling, in texts only", () => {
    const page = {
      path: "/industries/contact-centers",
      title: "AI agents for contact centers",
      blocks: [
        {
          type: "card-grid",
          id: "color-center",
          heading: "Optimize every Program",
          cards: [{ color: "gray", icon: "phone", title: "Organizations we size for", href: "/colors" }],
        },
      ],
    };
    expect(describeAll(findAmericanSpellings(page, "site-config/pages/fixture.json"))).toEqual([
      "site-config/pages/fixture.json /title: 'centers' is American spelling — write 'centres' (the site writes British English)",
      "site-config/pages/fixture.json /blocks/0/heading: 'Optimize' is American spelling — write 'Optimise' (the site writes British English)",
      "site-config/pages/fixture.json /blocks/0/heading: 'Program' is American spelling — write 'Programme' (the site writes British English)",
      "site-config/pages/fixture.json /blocks/0/cards/0/title: 'Organizations' is American spelling — write 'Organisations' (the site writes British English)",
    ]);
  });

  it("reads the shared sections' files too", () => {
    const configDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "content-style-")), "site-config");
    fs.mkdirSync(path.join(configDir, "sections"), { recursive: true });
    fs.writeFileSync(path.join(configDir, "site.json"), "{}");
    const section = { name: "Demo band", blocks: [{ type: "text-section", heading: "Optimize your calls" }] };
    fs.writeFileSync(path.join(configDir, "sections/demo-band.json"), JSON.stringify(section));
    try {
      expect(describeAll(checkContentStyle(configDir))).toEqual([
        "site-config/sections/demo-band.json /blocks/0/heading: 'Optimize' is American spelling — write 'Optimise' (the site writes British English)",
      ]);
    } finally {
      fs.rmSync(path.dirname(configDir), { recursive: true, force: true });
    }
  });

  it("holds for British English only: a German page's \"Contact Center\" is German, an en-GB locale's files are read", () => {
    const configDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "content-style-")), "site-config");
    const write = (file: string, document: unknown) => {
      fs.mkdirSync(path.dirname(path.join(configDir, file)), { recursive: true });
      fs.writeFileSync(path.join(configDir, file), JSON.stringify(document));
    };
    const list = [
      { code: "en-US", name: "English (US)" },
      { code: "de-DE", name: "Deutsch" },
      { code: "en-GB", name: "English (UK)" },
    ];
    write("site.json", { locales: { default: "en-US", list } });
    write("pages/home.json", { path: "/", title: "AI agents for contact centers" });
    write("locales/de-DE/pages/home.json", { path: "/de-de", title: "KI-Agenten für Contact Center" });
    write("locales/en-GB/pages/home.json", { path: "/en-gb", title: "AI agents for contact centers" });
    try {
      expect(describeAll(checkContentStyle(configDir))).toEqual([
        "site-config/locales/en-GB/pages/home.json /title: 'centers' is American spelling — write 'centres' (the site writes British English)",
      ]);
    } finally {
      fs.rmSync(path.dirname(configDir), { recursive: true, force: true });
    }
  });

  it("knows the -ize rule and the words whose z is their own", () => {
    expect(["organized", "prioritizing", "personalization", "Customize"].map(britishFor)).toEqual([
      "organised",
      "prioritising",
      "personalisation",
      "Customise",
    ]);
    expect(["size", "resized", "seize", "prize", "citizen", "analyse", "centre"].map(britishFor)).toEqual(
      Array(7).fill(undefined),
    );
  });
});
