import { editorLines } from "../contract/errors.ts";
import { print } from "../toolchain/print.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { editorBundle } from "./bundle.ts";
import { openInBrowser } from "./open-browser.ts";
import { startEditor } from "./server.ts";

/** npm run edit: the visual editor on 127.0.0.1 (EDIT_PORT, or a free port). */
const port = process.env.EDIT_PORT ? Number(process.env.EDIT_PORT) : 0;
const bundleDir = await editorBundle({ onBuild: () => print(editorLines.building) }).catch(exitOnError);
const editor = await startEditor({ port, bundleDir });
const opened = await openInBrowser(`${editor.url}/`);
print(editorLines.started, { url: editor.url, opened });
const stop = () => void editor.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
