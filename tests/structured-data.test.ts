import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { imageInfo } from "../contract/image-size.ts";
import { lastModified } from "../contract/last-modified.server.ts";
import { cardAlt, cardContent, cardPath } from "../contract/preview-card.ts";
import { cardHeadlineTypes } from "../contract/generated/block-card-headlines.ts";
import { pageMeta } from "../renderer/seo.ts";
import { type ShareImage, structuredData } from "../renderer/structured-data.ts";
import { siteData } from "./render.tsx";

const root = path.resolve(import.meta.dirname, "..");
const { site } = siteData();
const image: ShareImage = {
  url: "https://www.voxa.example/og/index.png",
  width: 1200,
  height: 630,
  alt: "Voxa: AI agents",
  type: "image/png",
};
const home = { path: "/", title: "AI agents for insurance", description: "Managed AI agents for insurers." };
const pet = { path: "/industries/pet-insurance", title: "AI agents for pet insurance", description: "Vet claims." };
const nodes = (graph: ReturnType<typeof structuredData>) =>
  graph["@graph"] as unknown as ({ "@type": string } & Record<string, unknown>)[];
const node = (graph: ReturnType<typeof structuredData>, type: string) => nodes(graph).find((n) => n["@type"] === type);

describe("structured data (JSON-LD)", () => {
  it("describes the organisation and the website on the home page, from site.json", () => {
    const graph = structuredData({ site, page: home, trail: [{ name: "Home", path: "/" }], image });
    expect(graph["@context"]).toBe("https://schema.org");
    expect(node(graph, "Organization")).toMatchObject({
      "@id": "https://www.voxa.example/#organization",
      name: "Voxa",
      url: "https://www.voxa.example/",
      logo: { "@type": "ImageObject", url: "https://www.voxa.example/logo.png", width: "512", height: "512" },
      contactPoint: {
        "@type": "ContactPoint",
        telephone: site.contact.phone,
        email: site.contact.email,
        contactType: "sales",
      },
    });
    expect(node(graph, "Organization")).not.toHaveProperty("sameAs");
    expect(node(graph, "WebSite")).toMatchObject({
      url: "https://www.voxa.example/",
      name: "Voxa",
      inLanguage: "en-GB",
      publisher: { "@id": "https://www.voxa.example/#organization" },
    });
    expect(node(graph, "WebPage")).toMatchObject({ name: home.title, description: home.description });
    expect(node(graph, "BreadcrumbList")).toBeUndefined();
  });

  it("lists the profiles that site.json names as the organisation's sameAs", () => {
    const profiles = ["https://www.linkedin.com/company/voxa-example", "https://x.com/voxa_example"];
    const withProfiles = { ...site, brand: { ...site.brand, profiles } };
    const graph = structuredData({ site: withProfiles, page: home, trail: [{ name: "Home", path: "/" }], image });
    expect(node(graph, "Organization")?.sameAs).toEqual(profiles);
  });

  it("gives a nested page its WebPage and breadcrumbs, and no organisation", () => {
    const trail = [
      { name: "Home", path: "/" },
      { name: "Industries", path: "/industries" },
      { name: "Pet Insurance", path: pet.path },
    ];
    const graph = structuredData({ site, page: pet, trail, image });
    expect(nodes(graph).map((n) => n["@type"])).toEqual(["WebPage", "BreadcrumbList"]);
    expect(node(graph, "WebPage")).toMatchObject({
      url: "https://www.voxa.example/industries/pet-insurance",
      name: pet.title,
      isPartOf: { "@id": "https://www.voxa.example/#website" },
      breadcrumb: { "@id": "https://www.voxa.example/industries/pet-insurance#breadcrumb" },
      primaryImageOfPage: { url: image.url, width: "1200", height: "630" },
    });
    expect(node(graph, "BreadcrumbList")?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.voxa.example/" },
      { "@type": "ListItem", position: 2, name: "Industries", item: "https://www.voxa.example/industries" },
      {
        "@type": "ListItem",
        position: 3,
        name: "Pet Insurance",
        item: "https://www.voxa.example/industries/pet-insurance",
      },
    ]);
  });
});

describe("share tags", () => {
  it("give og:image with absolute URL, type, size and alt, twitter:image, and the JSON-LD", () => {
    const share = { image, structuredData: { "@context": "https://schema.org", "@graph": [] } };
    const tags = pageMeta(home, [{ id: "root", data: siteData() }], share);
    expect(tags).toEqual(
      expect.arrayContaining([
        { property: "og:image", content: "https://www.voxa.example/og/index.png" },
        { property: "og:image:type", content: "image/png" },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { property: "og:image:alt", content: "Voxa: AI agents" },
        { name: "twitter:card", content: "summary_large_image" },
        { name: "twitter:image", content: "https://www.voxa.example/og/index.png" },
        { "script:ld+json": share.structuredData },
      ]),
    );
  });
});

describe("preview card content", () => {
  const blocks = (first: Record<string, unknown>) => [first as never];

  it("shows an industry page's hero heading under its badge", () => {
    const page = {
      title: "AI agents for pet insurance",
      blocks: blocks({ type: "industry-hero", badge: "Pet Insurance", heading: "Calm support" }),
    };
    expect(cardContent(page, cardHeadlineTypes)).toEqual({ headline: "Calm support", label: "Pet Insurance" });
    expect(cardAlt(cardContent(page, cardHeadlineTypes), "Voxa")).toBe("Voxa · Pet Insurance: Calm support");
  });

  it("shows other pages' title under the hero's eyebrow, or the menu label, or nothing", () => {
    expect(
      cardContent(
        { title: "About us", blocks: blocks({ type: "hero", eyebrow: "About Us", heading: "Hi" }) },
        cardHeadlineTypes,
      ),
    ).toEqual({
      headline: "About us",
      label: "About Us",
    });
    expect(
      cardContent({ title: "Privacy Policy", blocks: blocks({ type: "legal-document" }) }, cardHeadlineTypes),
    ).toEqual({
      headline: "Privacy Policy",
    });
  });

  it("is written at /og/<page path>.png, the home page's at /og/index.png", () => {
    expect(cardPath("/")).toBe("/og/index.png");
    expect(cardPath("/industries/pet-insurance")).toBe("/og/industries/pet-insurance.png");
  });
});

describe("image size", () => {
  it("reads a JPEG's and a PNG's size from their headers, and refuses anything else", () => {
    expect(imageInfo(fs.readFileSync(path.join(root, "public/media/demo-poster.jpg")))).toEqual({
      type: "image/jpeg",
      width: 640,
      height: 360,
    });
    const png = fs.readFileSync(path.join(root, "tests/fixtures/social-image-too-small/public/media/test-tiny.png"));
    expect(imageInfo(png)).toEqual({ type: "image/png", width: 300, height: 200 });
    expect(imageInfo(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
  });
});

describe("last change of a page file (sitemap lastmod)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lastmod-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const identity = {
    GIT_AUTHOR_NAME: "Site",
    GIT_AUTHOR_EMAIL: "site@voxa.example",
    GIT_COMMITTER_NAME: "Site",
    GIT_COMMITTER_EMAIL: "site@voxa.example",
  };
  const git = (args: string[], env: Record<string, string> = {}) =>
    execFileSync("git", ["-C", dir, ...args], { env: { ...process.env, ...identity, ...env } });

  it("is the last commit touching the file, or its modification time when it has uncommitted changes", () => {
    git(["init", "-q"]);
    const pages = path.join(dir, "pages");
    fs.mkdirSync(pages);
    const [a, b, c] = ["a.json", "b.json", "c.json"].map((name) => path.join(pages, name));
    for (const file of [a, b]) fs.writeFileSync(file, "{}");
    git(["add", "."]);
    git(["commit", "-qm", "first"], { GIT_COMMITTER_DATE: "2026-10-01T09:30:00+00:00" });
    fs.writeFileSync(b, '{"changed":true}');
    fs.writeFileSync(c, "{}");
    const modified = new Date("2026-11-02T12:00:00Z");
    for (const file of [b, c]) fs.utimesSync(file, modified, modified);

    const dates = lastModified([a, b, c], pages);
    expect(dates.get(a)).toBe("2026-10-01T09:30:00+00:00");
    expect(dates.get(b)).toBe("2026-11-02T12:00:00.000Z");
    expect(dates.get(c)).toBe("2026-11-02T12:00:00.000Z");
  });

  it("is the modification time outside a git checkout", () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "lastmod-plain-"));
    const file = path.join(outside, "page.json");
    fs.writeFileSync(file, "{}");
    const modified = new Date("2026-09-09T09:09:09Z");
    fs.utimesSync(file, modified, modified);
    expect(lastModified([file], outside).get(file)).toBe("2026-09-09T09:09:09.000Z");
    fs.rmSync(outside, { recursive: true, force: true });
  });
});
