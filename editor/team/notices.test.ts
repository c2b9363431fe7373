// @vitest-environment node
import { afterEach, describe, expect, it } from "vitest";
import { headerOf, startSmtpServer } from "../../tests/support/smtp-server.ts";
import { noticePage, teamNotices } from "./notices.ts";
import type { TeamStore } from "./store.ts";
import { PUBLIC_URL, tempStore } from "../../tests/support/editor/team/test-support.ts";

/** Who the notices go to, and what cannot slip into their headers, over a real SMTP server. */

const PEOPLE = {
  people: {
    "ada@example.com": "admin",
    "pat@example.com": "publisher",
    "quinn@example.com": "publisher",
    "bob@example.com": "author",
    "vic@example.com": "viewer",
  } as const,
  domains: { "example.com": "publisher" } as const,
};
const REQUEST = { number: 7, title: "Pet insurance heading", url: "https://forge.example/pull/7" };
const PAGES = [{ title: "Pet insurance", where: "/industries/pet-insurance" }];
const warnings: string[] = [];
const log = { warn: (_fields: Record<string, unknown>, message: string) => void warnings.push(message) };

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  warnings.length = 0;
});

async function setup() {
  const smtp = await startSmtpServer();
  const { store } = tempStore();
  const notices = teamNotices({
    mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: "editor@example.com" },
    publicUrl: PUBLIC_URL,
    store,
    people: () => PEOPLE,
  });
  closers.push(
    () => notices.close(),
    smtp.close,
    () => store.close(),
  );
  return { smtp, notices, store: store as TeamStore };
}

describe("the team editor's e-mail notices", () => {
  it("tell every publisher and admin listed by address of a review, but not its author, viewers or authors", async () => {
    const { smtp, notices } = await setup();
    notices.reviewRequested({ by: { name: "Pat", email: "pat@example.com" }, request: REQUEST, pages: PAGES }, log);
    await notices.settled();
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([["ada@example.com"], ["quinn@example.com"]]);
    expect(warnings).toEqual([]);
  });

  it("keep a title's line breaks out of the subject's header", async () => {
    const { smtp, notices } = await setup();
    const request = { ...REQUEST, title: "Heading\r\nBcc: eve@evil.example" };
    notices.answered(
      {
        kind: "merged",
        author: { name: "Bob", email: "bob@example.com" },
        by: { name: "Pat", email: "pat@example.com" },
        request,
        pages: PAGES,
      },
      log,
    );
    await notices.settled();
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["bob@example.com"]);
    expect(headerOf(mail!, "Subject")).toBe("Merged: your request “Heading Bcc: eve@evil.example”");
    expect(mail!.headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
  });

  it("tell nobody of their own merge or send-back, nor an address the people file does not let in", async () => {
    const { smtp, notices } = await setup();
    const pat = { name: "Pat", email: "pat@example.com" };
    notices.answered({ kind: "sent-back", author: pat, by: pat, request: REQUEST, pages: PAGES, comment: "x" }, log);
    // A request opened on the forge by anyone may name any address as the one who asked for it.
    const stranger = { name: "Eve", email: "eve@elsewhere.example" };
    notices.answered({ kind: "merged", author: stranger, by: pat, request: REQUEST, pages: PAGES }, log);
    await notices.settled();
    expect(smtp.received).toEqual([]);
  });

  it("name a page by its title and address, and settings or media by their file", () => {
    expect(noticePage("site-config/pages/about.json", '{ "title": "About us", "path": "/about" }')).toEqual({
      title: "About us",
      where: "/about",
    });
    expect(noticePage("site-config/site.json", "{}")).toEqual({ title: "site.json", where: "site-config/site.json" });
    expect(noticePage("public/media/team.png", undefined)).toEqual({
      title: "team.png",
      where: "public/media/team.png",
    });
  });
});
