// @vitest-environment node
/**
 * A preview card placed in a build from the cache (placeCard): the cache's file under a second name, and a card placed
 * over it later leaves the cache's file as it was.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { placeCard } from "../toolchain/preview-cards.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "place-card-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a preview card placed in a build", () => {
  it("is the cache's file under a second name, and a card placed over it changes no file of the cache", () => {
    const first = path.join(dir, "cache", "first.png");
    const second = path.join(dir, "cache", "second.png");
    fs.mkdirSync(path.dirname(first));
    fs.writeFileSync(first, "first card");
    fs.writeFileSync(second, "second card");
    const into = path.join(dir, "client", "og", "industries", "pet-insurance.png");

    placeCard(first, into);
    expect(fs.readFileSync(into, "utf8")).toBe("first card");
    expect(fs.statSync(into).ino).toBe(fs.statSync(first).ino);

    placeCard(second, into);
    expect(fs.readFileSync(into, "utf8")).toBe("second card");
    expect(fs.readFileSync(first, "utf8")).toBe("first card");
  });

  it("is copied from a cache on another file system, where a second name cannot be made", () => {
    // /dev/shm is a memory file system, the temporary folder a disk's.
    const elsewhere = fs.mkdtempSync(path.join("/dev/shm", "place-card-"));
    try {
      expect(fs.statSync(elsewhere).dev, "the test needs /dev/shm on a file system of its own").not.toBe(
        fs.statSync(dir).dev,
      );
      const cached = path.join(elsewhere, "card.png");
      fs.writeFileSync(cached, "a card");
      const into = path.join(dir, "client", "og", "contact.png");
      placeCard(cached, into);
      expect(fs.readFileSync(into, "utf8")).toBe("a card");
      expect(fs.statSync(into).ino).not.toBe(fs.statSync(cached).ino);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
