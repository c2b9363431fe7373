import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../tests/render.tsx";
import { SiteToaster, showToast } from "./Toaster.tsx";
import { toaster } from "./toast-queue.ts";

const roots = () => document.querySelectorAll("[data-scope='toast'][data-part='root']");

afterEach(() => act(() => toaster.remove()));

describe("SiteToaster", () => {
  it("draws each toast once, however many blocks render a toaster", async () => {
    renderWithProviders(
      <>
        <SiteToaster />
        <SiteToaster />
      </>,
    );
    act(() => void showToast({ title: "Request Submitted Successfully!", description: "Details", type: "success" }));
    await screen.findByText("Request Submitted Successfully!");
    expect(roots()).toHaveLength(1);
  });

  it("keeps one toast at a time: a new one replaces the last", async () => {
    renderWithProviders(<SiteToaster />);
    act(
      () =>
        void showToast({
          title: "Submission Failed",
          description: "Please try again or contact us directly.",
          type: "error",
        }),
    );
    await screen.findByText("Submission Failed");
    act(() => void showToast({ title: "Request Submitted Successfully!", description: "Details", type: "success" }));
    await screen.findByText("Request Submitted Successfully!");
    await waitFor(() => expect(screen.queryByText("Submission Failed")).toBeNull());
    expect(roots()).toHaveLength(1);
  });

  it("keeps a toast on screen until it is dismissed (spec: removal delay 1,000,000 ms)", () => {
    const id = showToast({
      title: "Submission Failed",
      description: "Please try again or contact us directly.",
      type: "error",
    });
    expect(toaster.getVisibleToasts().find((toast) => toast.id === id)).toMatchObject({
      duration: 1_000_000,
      closable: true,
    });
  });
});
