import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../renderer/root.tsx";
import NotFound from "../renderer/routes/not-found.tsx";
import Page, { loader as pageLoader, meta as pageMeta } from "../renderer/routes/page.tsx";
import { system } from "../kit/theme.ts";
import { renderWithProviders } from "./render.tsx";

describe("routing failures", () => {
  it("shows 'Unexpected Application Error!' with the error text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => {
          throw new Error("The page document could not be read");
        },
        ErrorBoundary,
      },
    ]);
    render(
      <ChakraProvider value={system}>
        <Stub />
      </ChakraProvider>,
    );
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("The page document could not be read")).toBeInTheDocument();
  });

  it("shows a not-found page with a way back", () => {
    renderWithProviders(<NotFound />, { path: "/no-such-page" });
    expect(screen.getByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });

  it("answers a path with no page document, on the dev server, with the 404 page and status 404", async () => {
    const request = new Request("http://localhost/industries/no-such-industry");
    const answer = await pageLoader({
      request,
      params: { "*": "industries/no-such-industry" },
      context: {},
    } as Parameters<typeof pageLoader>[0]);
    expect(answer).toMatchObject({ init: { status: 404 }, data: { page: undefined } });
    expect(pageMeta({ data: { page: undefined, share: undefined } } as Parameters<typeof pageMeta>[0])).toContainEqual({
      title: "Page not found",
    });
    const Stub = createRoutesStub([
      {
        path: "*",
        Component: Page,
        HydrateFallback: () => null,
        loader: () => ({ page: undefined, share: undefined }),
      },
    ]);
    renderWithProviders(<Stub initialEntries={["/industries/no-such-industry"]} />, {
      path: "/industries/no-such-industry",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
  });
});
