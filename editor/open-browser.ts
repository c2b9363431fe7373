import { spawn } from "node:child_process";

/**
 * The command that opens a URL in the visitor's default browser, as dev servers do: BROWSER names another program,
 * BROWSER=none (or CI) opens nothing, so the editor only prints its address.
 */
export function browserCommand(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): { command: string; args: string[] } | undefined {
  if (env.CI || env.BROWSER === "none") return undefined;
  if (env.BROWSER) return { command: env.BROWSER, args: [] };
  if (platform === "darwin") return { command: "open", args: [] };
  if (platform === "win32") return { command: "cmd", args: ["/c", "start", '""'] };
  return { command: "xdg-open", args: [] };
}

/** Opens the URL if this machine can; resolves whether it did. A machine without a browser just gets the address. */
export function openInBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const command = browserCommand(process.platform, env);
  if (!command) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(command.command, [...command.args, url], { stdio: "ignore", detached: true });
    child.on("error", () => resolve(false));
    child.on("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}
