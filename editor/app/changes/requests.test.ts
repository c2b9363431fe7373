import { describe, expect, it } from "vitest";
import { openRequestLabel, requestName } from "./requests.ts";

describe("review requests in words", () => {
  it("names a GitHub pull request and a GitLab merge request, on their own hosts too", () => {
    expect(requestName({ number: 7, url: "https://github.example.test/voxa/site/pull/7" })).toBe("pull request #7");
    expect(requestName({ number: 3, url: "https://gitlab.example.test/voxa/site/-/merge_requests/3" })).toBe(
      "merge request !3",
    );
  });

  it("labels the link that opens a request by hand after its forge", () => {
    expect(openRequestLabel("https://github.com/voxa/site/compare/main...edit/x?expand=1")).toBe(
      "Open the pull request",
    );
    expect(
      openRequestLabel(
        "https://gitlab.com/voxa/site/-/merge_requests/new?merge_request[source_branch]=edit%2Fx&merge_request[target_branch]=main",
      ),
    ).toBe("Open the merge request");
  });
});
