// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseAge, toCsv } from "../../scripts/leads.ts";

describe("leads CLI helpers", () => {
  it("writes RFC 4180 CSV and defuses spreadsheet formulas", () => {
    const csv = toCsv([
      {
        id: "1",
        createdAt: "2026-03-02T09:00:00.000Z",
        firstName: "Amelia",
        lastName: 'O"Neil, Jr',
        companyEmail: "a@b.example",
        companyName: "=HYPERLINK(1)",
        comment: "two\nlines",
      },
    ]);
    expect(csv).toBe(
      "id,createdAt,firstName,lastName,companyEmail,companyName,jobTitle,companyWebsite,phone,industry,comment\r\n" +
        '1,2026-03-02T09:00:00.000Z,Amelia,"O""Neil, Jr",a@b.example,\'=HYPERLINK(1),,,,,"two\nlines"\r\n',
    );
  });

  it("reads retention ages in days and rejects anything else", () => {
    expect(parseAge("365d")).toBe(365 * 86_400_000);
    expect(() => parseAge("1y")).toThrow(expect.objectContaining({ code: "CLI002" }));
  });
});
