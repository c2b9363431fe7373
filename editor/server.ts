import path from "node:path";
import type { AddressInfo } from "node:net";
import { buildEditor } from "./server/app.ts";
import type { DeclaredRoute } from "./server/route-needs.ts";

export interface EditorServerOptions {
  /** The folder holding site-config/, schemas/ and public/ (the repository, or a copy of it in tests). */
  projectDir?: string;
  port?: number;
  /** Where the GitHub or GitLab token and API address are read for review requests (process.env unless a test's). */
  env?: NodeJS.ProcessEnv;
  /** The editor's built pages, when the caller already has them (`editorBundle()`); otherwise found or built on the first visit. */
  bundleDir?: string;
}

export interface EditorServer {
  url: string;
  token: string;
  /** Every route it answers, as each declares itself. */
  routes: readonly DeclaredRoute[];
  close: () => Promise<void>;
}

/** npm run edit's server (editor/server/app.ts), listening on 127.0.0.1 only. */
export async function startEditor(options: EditorServerOptions = {}): Promise<EditorServer> {
  const { app, token, routes } = await buildEditor({
    projectDir: path.resolve(options.projectDir ?? process.cwd()),
    env: options.env ?? process.env,
    bundleDir: options.bundleDir,
  });
  await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, token, routes, close: () => app.close() };
}
