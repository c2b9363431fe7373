// @vitest-environment node
import { describe, expect, it } from "vitest";
import { teamPreviewErrors } from "../../../contract/errors.ts";
import { loadTeamConfig } from "../config.ts";
import { previewBaseOf, previewHostsOf } from "./preview-hosts.ts";

const EDITOR = new URL("https://edit.company.com");
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return "accepted";
};

describe("each request's preview origin", () => {
  it("derives preview.<the editor's name> by default, with the port on this machine", () => {
    expect(previewBaseOf(EDITOR, undefined).href).toBe("https://preview.edit.company.com/");
    expect(previewBaseOf(new URL("http://localhost:4400"), undefined).href).toBe("http://preview.localhost:4400/");
    expect(previewBaseOf(new URL("http://127.0.0.1:5175"), undefined).href).toBe("http://preview.localhost:5175/");
    // An editor a team runs over http on its own network: its previews' default follows it.
    expect(previewBaseOf(new URL("http://edit.company.test"), undefined).href).toBe(
      "http://preview.edit.company.test/",
    );
    const hosts = previewHostsOf(previewBaseOf(new URL("http://localhost:4400"), undefined));
    expect(hosts.originOf(12)).toBe("http://12.preview.localhost:4400");
    expect(hosts.secure).toBe(false);
  });

  it("reads EDIT_TEAM_PREVIEW_URL, and the request a Host names", () => {
    const config = loadTeamConfig({
      EDIT_TEAM_URL: "https://edit.company.com",
      EDIT_TEAM_PREVIEW_URL: "https://preview.editor.example.com",
      SMTP_URL: "smtp://mail.company.com",
      EDIT_TEAM_MAIL_FROM: "editor@company.com",
    });
    const hosts = previewHostsOf(config.previewUrl);
    expect(hosts.originOf(12)).toBe("https://12.preview.editor.example.com");
    expect(hosts.secure).toBe(true);
    expect(hosts.numberOf("12.preview.editor.example.com")).toBe(12);
    expect(hosts.numberOf("12.PREVIEW.editor.example.com")).toBe(12);
    for (const host of [
      undefined,
      "preview.editor.example.com",
      "edit.company.com",
      "012.preview.editor.example.com",
      "1e3.preview.editor.example.com",
      "a.12.preview.editor.example.com",
      "12.preview.editor.example.com.evil.example",
      "12.preview.editor.example.com:8443",
      "99999999999.preview.editor.example.com",
      "-1.preview.editor.example.com",
    ])
      expect({ host, number: hosts.numberOf(host) }).toEqual({ host, number: undefined });
  });

  it("refuses an address that is not a name of its own over https", () => {
    for (const setting of [
      "http://preview.company.com",
      "https://preview.company.com/previews",
      "https://preview.company.com/?x=1",
      "https://user:pw@preview.company.com",
      "https://10.0.0.1",
      "https://edit.company.com",
      "ftp://preview.company.com",
      "not an address",
    ])
      expect({ setting, code: codeOf(() => previewBaseOf(EDITOR, setting)) }).toEqual({
        setting,
        code: teamPreviewErrors.previewUrl.code,
      });
    // The editor's own name may not be one of the previews'.
    expect(codeOf(() => previewBaseOf(new URL("https://12.preview.company.com"), "https://preview.company.com"))).toBe(
      teamPreviewErrors.previewUrl.code,
    );
    expect(codeOf(() => previewBaseOf(new URL("http://localhost:4400"), "http://previews.localhost:4400"))).toBe(
      "accepted",
    );
  });
});
