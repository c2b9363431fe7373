// @vitest-environment node
/**
 * The record's content file (scripts/pipeline/build-state.ts `writeContentRecord`): the texts the last record holds
 * stay where they are and only the others are added at its end, every text reads back as written, and a file grown to
 * more than twice the texts it holds is written again whole.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { digest } from "../contract/digest.ts";
import {
  type BuildState,
  type ContentTexts,
  readState,
  stateDir,
  writeContentRecord,
  writeState,
} from "../scripts/pipeline/build-state.ts";

let buildDir: string;
beforeEach(() => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "content-record-"));
});
afterEach(() => fs.rmSync(buildDir, { recursive: true, force: true }));

const contentFile = () => path.join(stateDir(buildDir), "content.txt");
const digestsOf = (content: ContentTexts) => new Map([...content].map(([file, text]) => [file, digest(text)]));

/** Records `content` as a build does, after the last record (`kept`), and answers its index. */
function record(content: ContentTexts, kept?: BuildState["content"]) {
  const index = writeContentRecord(buildDir, content, digestsOf(content), kept);
  writeState(buildDir, { code: {}, media: {}, icons: [], documents: [], cards: {}, pictures: {}, content: index });
  return index;
}

/** Every text of the record as read back from its content file (none taken from the files now). */
const readBack = () => readState(buildDir, new Map(), new Map())?.content;

const pages = (count: number, version: (n: number) => string) =>
  new Map(
    Array.from({ length: count }, (_, n) => [`site-config/pages/p${n}.json`, `{"title":"Page ${n} ${version(n)}"}`]),
  );

describe("the record's content file", () => {
  it("adds only the texts that changed at its end, and reads every text back as written", () => {
    const first = pages(10, () => "a");
    const index = record(first);
    const size = fs.statSync(contentFile()).size;
    const second = new Map(first).set("site-config/pages/p3.json", '{"title":"Page 3, changed"}');
    const next = record(second, index);
    expect(fs.statSync(contentFile()).size).toBe(size + Buffer.byteLength('{"title":"Page 3, changed"}'));
    expect(next["site-config/pages/p0.json"]).toEqual(index["site-config/pages/p0.json"]);
    expect(next["site-config/pages/p3.json"]![1]).toBe(size);
    expect(readBack()).toEqual(second);
  });

  it("is written again whole once it holds more than twice the texts it names", () => {
    let content = pages(4, () => "v0");
    let index = record(content);
    const whole = fs.statSync(contentFile()).size;
    for (let version = 1; version <= 6; version += 1) {
      content = pages(4, () => `v${version}`);
      index = record(content, index);
      expect(fs.statSync(contentFile()).size).toBeLessThanOrEqual(2 * whole);
      expect(readBack()).toEqual(content);
    }
    // Six versions of every text were recorded; the file holds at most two of them.
    expect(Object.values(index).reduce((sum, [, , length]) => sum + length, 0)).toBe(whole);
  });

  it("is written whole, and holds, when the last record's file is gone", () => {
    const content = pages(3, () => "a");
    const index = record(content);
    fs.rmSync(contentFile());
    record(content, index);
    expect(readBack()).toEqual(content);
  });
});
