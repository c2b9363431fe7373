// @vitest-environment node
/**
 * The media library in the team editor: every route reads and writes the signed-in person's own copy, never the
 * checkout the server was started on, and what a write changes is kept as the person's drafts.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import type { TeamStore } from "../team/store.ts";
import { tempStore, testClock } from "../../tests/support/editor/team/test-support.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";
import { cameraPhoto } from "../../tests/support/images.ts";
import { EDITOR_TOKEN_HEADER, type MediaLibraryAnswer } from "../protocol.ts";
import { buildEditor } from "./app.ts";

const PUBLIC_URL = new URL("https://edit.company.com");
const PHOTO = "/media/fixture-team/office.jpg";
const PAGE = "site-config/pages/fixture-team.json";

let checkout: ReturnType<typeof copyProject>;
let own: ReturnType<typeof copyProject>;
let cacheDir = "";
let app: FastifyInstance;
let store: TeamStore;
let headers: Record<string, string>;
const kept: string[] = [];
const clock = testClock();

/** The fixture, in a copy: a photo and a page that shows it. */
async function writeFixture(dir: string) {
  fs.mkdirSync(path.join(dir, "public/media/fixture-team"), { recursive: true });
  fs.writeFileSync(path.join(dir, `public${PHOTO}`), await cameraPhoto({ width: 60, height: 40 }));
  const page = { path: "/fixture-team", title: "Team fixture", blocks: [{ type: "image", image: { src: PHOTO } }] };
  fs.writeFileSync(path.join(dir, PAGE), `${JSON.stringify(page, null, 2)}\n`);
}

/** Every file of a copy's content with its digest. */
const contentOf = (dir: string) =>
  Object.fromEntries(
    ["site-config", "public/media"].flatMap((root) =>
      (fs.readdirSync(path.join(dir, root), { recursive: true }) as string[])
        .map((file) => path.join(root, file))
        .filter((file) => fs.statSync(path.join(dir, file)).isFile())
        .map((file) => [
          file,
          crypto
            .createHash("sha256")
            .update(fs.readFileSync(path.join(dir, file)))
            .digest("hex"),
        ]),
    ),
  );

beforeAll(async () => {
  checkout = copyProject();
  own = copyProject();
  await writeFixture(checkout.dir);
  await writeFixture(own.dir);
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-library-cache-"));
  ({ store } = tempStore());
  ({ app } = await buildEditor({
    projectDir: checkout.dir,
    env: {},
    imageCacheDir: cacheDir,
    team: {
      publicUrl: PUBLIC_URL,
      secureCookies: true,
      store,
      now: clock.now,
      people: () => ({ people: {}, domains: {} }),
      workspaces: {
        folderOf: async () => own.dir,
        keep: async (person) => void kept.push(person.email),
      },
    },
  }));
  await app.ready();
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
  const id = await keeper.start("ada@company.com", "author");
  headers = {
    host: PUBLIC_URL.host,
    origin: PUBLIC_URL.origin,
    cookie: `__Host-editor-session=${id}`,
    [EDITOR_TOKEN_HEADER]: (await keeper.resume(id))!.csrfToken,
    "content-type": "application/json",
  };
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
  checkout?.remove();
  own?.remove();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

describe("the media library in the team editor", () => {
  it("lists, renames and replaces in the person's own copy, keeps it as their drafts, and leaves the checkout as it was", async () => {
    const before = contentOf(checkout.dir);
    // A file of the person's copy alone: the list is the copy's.
    fs.writeFileSync(
      path.join(own.dir, "public/media/fixture-team/draft-only.jpg"),
      fs.readFileSync(`${own.dir}/public${PHOTO}`),
    );
    const listed = (await app.inject({ method: "GET", url: "/api/media/library", headers })).json<MediaLibraryAnswer>();
    expect(listed.files.map((file) => file.src)).toContain("/media/fixture-team/draft-only.jpg");
    expect(listed.files.find((file) => file.src === PHOTO)?.usedOn).toEqual([
      { file: PAGE, path: "/fixture-team", title: "Team fixture" },
    ]);

    const renamed = await app.inject({
      method: "POST",
      url: "/api/media/rename",
      headers,
      payload: { src: PHOTO, to: "front-desk.jpg" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(fs.existsSync(path.join(own.dir, "public/media/fixture-team/front-desk.jpg"))).toBe(true);
    expect(fs.readFileSync(path.join(own.dir, PAGE), "utf8")).toContain('"src": "/media/fixture-team/front-desk.jpg"');

    const photo = await cameraPhoto({ width: 30, height: 20 });
    const replaced = await app.inject({
      method: "PUT",
      url: `/api/media/file?src=${encodeURIComponent("/media/fixture-team/front-desk.jpg")}`,
      headers: { ...headers, "content-type": "image/jpeg" },
      payload: photo,
    });
    expect(replaced.statusCode).toBe(200);
    expect(fs.readFileSync(path.join(own.dir, "public/media/fixture-team/front-desk.jpg")).equals(photo)).toBe(true);

    expect(kept).toEqual(["ada@company.com", "ada@company.com"]);
    expect(contentOf(checkout.dir)).toEqual(before);
  });
});
