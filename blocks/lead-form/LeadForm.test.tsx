import fs from "node:fs";
import path from "node:path";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { leadErrorMessages } from "../../kit/api/lead-messages.ts";
import { IDEMPOTENCY_HEADER, LEADS_ROUTE, TOKEN_HEADER, TOKEN_ROUTE } from "../../contract/lead-api.ts";
import type { LeadFormBlock } from "../../contract/generated/authored-types.ts";
import { toaster } from "../../kit/ui/toast-queue.ts";
import { loadedBlock, renderWithProviders, siteData } from "../../tests/render.tsx";
import type { LeadFormBlock as LoadedLeadFormBlock, LeadFormWords } from "../../contract/generated/schema-types.ts";
import { ROOT } from "../../toolchain/paths.ts";
import LeadForm from "./LeadForm.tsx";

const block: LeadFormBlock = {
  type: "lead-form",
  headingLevel: "h1",
  eyebrow: "Contact",
  heading: "Let's Talk",
  formHeading: "Your next agent starts here",
  benefits: [
    { icon: "clock", title: "Reply within 24 hours", description: "A specialist contacts you within one working day." },
  ],
};

// What the schema fills in for a block that names no label, placeholder or submit label.
const {
  labels: defaultLabels,
  placeholders: defaultPlaceholders,
  submitLabel: DEFAULT_SUBMIT_LABEL,
} = loadedBlock(block) as LoadedLeadFormBlock;

const required = {
  firstName: "Amira",
  lastName: "Khan",
  companyEmail: "amira.khan@northshield.example",
  companyName: "Northshield Insurance",
};
const label = (name: keyof typeof defaultLabels) => new RegExp(`^${defaultLabels[name].replace("?", "\\?")}`);

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: string;
}
let seen: Seen[];
const leadCalls = () => seen.filter((r) => r.url.endsWith(LEADS_ROUTE));
const tokenCalls = () => seen.filter((r) => r.url.endsWith(TOKEN_ROUTE));
const record = async (request: Request) =>
  void seen.push({ url: request.url, headers: Object.fromEntries(request.headers), body: await request.text() });

let tokens = 0;
const tokenOk = http.post(TOKEN_ROUTE, async ({ request }) => {
  await record(request);
  tokens += 1;
  return HttpResponse.json({
    success: true,
    message: "Token issued",
    data: { token: `token-${tokens}`, expiresAt: new Date(Date.now() + 300_000).toISOString() },
  });
});
const leadAnswer = (answer: () => Response | Promise<Response>) =>
  http.post(LEADS_ROUTE, async ({ request }) => {
    await record(request);
    return answer();
  });
const created = () =>
  HttpResponse.json({ success: true, message: "Lead created", data: { id: "lead_1" } }, { status: 201 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  tokens = 0;
  localStorage.clear();
});
afterEach(() => {
  server.resetHandlers();
  act(() => toaster.remove());
});

const loaded = (authored: LeadFormBlock) => loadedBlock(authored) as LoadedLeadFormBlock;

function renderForm(overrides: Partial<LeadFormBlock> = {}) {
  return renderWithProviders(<LeadForm block={loaded({ ...block, ...overrides })} />, { path: "/contact" });
}

function fill(values: Partial<Record<keyof typeof defaultLabels, string>>) {
  for (const [name, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label(name as keyof typeof defaultLabels)), { target: { value } });
  }
}

const submitButton = () => screen.getByRole("button", { name: DEFAULT_SUBMIT_LABEL });
const toasts = () => document.querySelectorAll("[data-scope='toast'][data-part='root']");

describe("lead-form: what the visitor sees", () => {
  it("shows the page heading, the form heading and the benefit blurbs", () => {
    renderForm();
    expect(screen.getByRole("heading", { level: 1, name: "Let's Talk" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Your next agent starts here" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Reply within 24 hours" })).toBeInTheDocument();
  });

  it("labels every field visibly, requires the four spec fields and uses the spec's input types", () => {
    renderForm();
    const input = (name: keyof typeof defaultLabels) => screen.getByLabelText(label(name));
    for (const name of ["firstName", "lastName", "companyEmail", "companyName"] as const)
      expect(input(name)).toBeRequired();
    for (const name of ["jobTitle", "companyWebsite", "phone", "industry", "comment"] as const)
      expect(input(name)).not.toBeRequired();
    expect(input("companyEmail")).toHaveAttribute("type", "email");
    expect(input("companyWebsite")).toHaveAttribute("type", "url");
    expect(input("companyWebsite")).toHaveAttribute("placeholder", "https://www.example.com");
    expect(input("phone")).toHaveAttribute("type", "tel");
    expect(input("comment").tagName).toBe("TEXTAREA");
  });

  it("offers the spec's ten industries after an empty first choice", () => {
    renderForm();
    const options = within(screen.getByLabelText(label("industry"))).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      defaultPlaceholders.industry,
      "Financial Services",
      "Healthcare",
      "Insurance",
      "Technology",
      "Manufacturing",
      "Retail & E-commerce",
      "Education",
      "Logistics",
      "Professional Services",
      "Other",
    ]);
  });

  it("takes labels, placeholders and the button's text from the page document", () => {
    renderForm({
      submitLabel: "Start My Free Pilot",
      labels: { comment: "Which role should your pilot agent take on?" },
      placeholders: { companyWebsite: "https://www.northshield.example" },
    });
    expect(screen.getByRole("button", { name: "Start My Free Pilot" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Which role should your pilot agent take on\?/)).toBeInTheDocument();
    expect(screen.getByLabelText(label("companyWebsite"))).toHaveAttribute(
      "placeholder",
      "https://www.northshield.example",
    );
  });

  it("links the privacy policy next to the button", () => {
    renderForm();
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(screen.getByText(/By submitting this form you agree to our/)).toBeInTheDocument();
  });

  it("hides the honeypot from people: inert, out of the tab order, off for autofill, hidden from assistive technology", () => {
    const { container } = renderForm();
    const honeypot = container.querySelector<HTMLInputElement>("input[name='leave_empty']")!;
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();
    expect(honeypot.closest("[inert]")).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /leave this empty/i })).toBeNull();
  });
});

describe("lead-form: submitting", () => {
  it("lets the browser refuse a form without its required fields: nothing is sent", async () => {
    server.use(tokenOk, leadAnswer(created));
    renderForm();
    fill({ firstName: "Amira" });
    await userEvent.click(submitButton());
    expect(seen).toEqual([]);
    expect(screen.getByLabelText(label("lastName"))).toBeInvalid();
  });

  it("lets the browser refuse a malformed email and a website without https", async () => {
    server.use(tokenOk, leadAnswer(created));
    renderForm();
    fill({ ...required, companyEmail: "amira at northshield", companyWebsite: "northshield.example" });
    await userEvent.click(submitButton());
    expect(seen).toEqual([]);
    expect(screen.getByLabelText(label("companyEmail"))).toBeInvalid();
    expect(screen.getByLabelText(label("companyWebsite"))).toBeInvalid();
  });

  it("sends exactly the filled fields, with the token and an idempotency key", async () => {
    server.use(tokenOk, leadAnswer(created));
    renderForm();
    fill({
      ...required,
      firstName: "  Amira ",
      phone: "+44 161 496 0000",
      industry: "Insurance",
      comment: "We handle 4,000 FNOL calls a week.",
    });
    await userEvent.click(submitButton());
    await screen.findByText("Request Submitted Successfully!", { selector: "[data-part='title']" });

    expect(tokenCalls()).toHaveLength(1);
    expect(tokenCalls()[0].body).toBe("");
    expect(tokenCalls()[0].headers.accept).toBe("application/json");
    const [sent] = leadCalls();
    expect(JSON.parse(sent.body)).toEqual({
      ...required,
      phone: "+44 161 496 0000",
      industry: "Insurance",
      comment: "We handle 4,000 FNOL calls a week.",
    });
    expect(sent.headers).toMatchObject({
      accept: "application/json",
      "content-type": "application/json",
      [TOKEN_HEADER.toLowerCase()]: "token-1",
    });
    expect(sent.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the honeypot only when something filled it", async () => {
    server.use(tokenOk, leadAnswer(created));
    const { container } = renderForm();
    fill(required);
    fireEvent.change(container.querySelector("input[name='leave_empty']")!, {
      target: { value: "https://spam.example" },
    });
    await userEvent.click(submitButton());
    await waitFor(() => expect(leadCalls()).toHaveLength(1));
    expect(JSON.parse(leadCalls()[0].body)).toEqual({ ...required, leave_empty: "https://spam.example" });
  });

  it("disables every field and the button while loading, and the button reads 'Submitting...'", async () => {
    let answer!: (response: Response) => void;
    server.use(
      tokenOk,
      leadAnswer(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { container } = renderForm();
    fill(required);
    await userEvent.click(submitButton());

    const button = await screen.findByRole("button", { name: /Submitting\.\.\./ });
    expect(button).toBeDisabled();
    const controls = container.querySelectorAll("form input:not([name='leave_empty']), form select, form textarea");
    expect(controls).toHaveLength(9);
    for (const control of controls) expect(control).toBeDisabled();

    answer(created());
    expect(await screen.findByRole("button", { name: DEFAULT_SUBMIT_LABEL })).toBeEnabled();
  });

  it("on success clears the form, shows the success banner and the success toast", async () => {
    server.use(tokenOk, leadAnswer(created));
    renderForm();
    fill({ ...required, jobTitle: "Head of Claims" });
    await userEvent.click(submitButton());

    const status = screen.getAllByRole("status").find((el) => el.closest("form"))!;
    await waitFor(() => expect(within(status).getByText("Request Submitted Successfully!")).toBeInTheDocument());
    expect(
      within(status).getByText("We'll contact you within 24 hours to start building your free pilot AI agent."),
    ).toBeInTheDocument();
    for (const name of ["firstName", "lastName", "companyEmail", "companyName", "jobTitle"] as const)
      expect(screen.getByLabelText(label(name))).toHaveValue("");

    await waitFor(() => expect(toasts()).toHaveLength(1));
    const toast = within(toasts()[0] as HTMLElement);
    expect(toast.getByText("Request Submitted Successfully!")).toBeInTheDocument();
    expect(
      toast.getByText("We'll contact you within 24 hours to start building your free pilot AI agent."),
    ).toBeInTheDocument();
  });

  it("on error keeps the values, announces the catalogue's message and shows the destructive toast", async () => {
    server.use(
      tokenOk,
      leadAnswer(() => new HttpResponse(null, { status: 500 })),
    );
    renderForm();
    fill(required);
    await userEvent.click(submitButton());

    const alert = screen.getAllByRole("alert").find((el) => el.closest("form"))!;
    await waitFor(() => expect(within(alert).getByText(leadErrorMessages.server)).toBeInTheDocument());
    expect(screen.getByLabelText(label("firstName"))).toHaveValue("Amira");

    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toHaveAttribute("data-type", "error");
    expect(within(toasts()[0] as HTMLElement).getByText("Submission Failed")).toBeInTheDocument();
    expect(
      within(toasts()[0] as HTMLElement).getByText("Please try again or contact us directly."),
    ).toBeInTheDocument();
  });

  // Which failure gives which of the catalogue's messages is the lead client's (kit/api/lead-client.test.ts, "the
  // error catalogue", every failure there); the form shows in its banner the message the client's error carries.
  it("after a failure the banner shows the catalogue's message the client gives", async () => {
    server.use(
      tokenOk,
      leadAnswer(() => new HttpResponse(null, { status: 502 })),
    );
    renderForm();
    fill(required);
    await userEvent.click(submitButton());
    const alert = screen.getAllByRole("alert").find((el) => el.closest("form"))!;
    await waitFor(() => expect(alert).toHaveTextContent(leadErrorMessages.server));
  });

  it("reuses the token across two submissions: one token call", async () => {
    server.use(tokenOk, leadAnswer(created));
    renderForm();
    for (let i = 0; i < 2; i++) {
      fill(required);
      await userEvent.click(submitButton());
      await waitFor(() => expect(leadCalls()).toHaveLength(i + 1));
      await screen.findByRole("button", { name: DEFAULT_SUBMIT_LABEL });
    }
    expect(tokenCalls()).toHaveLength(1);
    expect(leadCalls().map((r) => r.headers[TOKEN_HEADER.toLowerCase()])).toEqual(["token-1", "token-1"]);
  });

  it("on 401 refreshes the token once and retries with the same idempotency key", async () => {
    let call = 0;
    server.use(
      tokenOk,
      leadAnswer(() => (call++ === 0 ? new HttpResponse(null, { status: 401 }) : created())),
    );
    renderForm();
    fill(required);
    await userEvent.click(submitButton());
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(within(toasts()[0] as HTMLElement).getByText("Request Submitted Successfully!")).toBeInTheDocument();
    const [first, retry] = leadCalls();
    expect(tokenCalls()).toHaveLength(2);
    expect([first.headers["x-lead-token"], retry.headers["x-lead-token"]]).toEqual(["token-1", "token-2"]);
    expect(retry.headers["idempotency-key"]).toBe(first.headers["idempotency-key"]);
  });

  it("shows one toast at a time: the next replaces the last, and the close button dismisses it", async () => {
    let fail = true;
    server.use(
      tokenOk,
      leadAnswer(() => (fail ? new HttpResponse(null, { status: 500 }) : created())),
    );
    renderForm();
    fill(required);
    await userEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.getByText("Submission Failed", { selector: "[data-part='title']" })).toBeInTheDocument(),
    );

    fail = false;
    await userEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.queryByText("Submission Failed", { selector: "[data-part='title']" })).toBeNull(),
    );
    expect(toasts()).toHaveLength(1);
    expect(within(toasts()[0] as HTMLElement).getByText("Request Submitted Successfully!")).toBeInTheDocument();

    const toast = toasts()[0] as HTMLElement;
    await userEvent.click(within(toast).getByRole("button", { name: "Close notification" }));
    // jsdom plays no exit animation, so the closed toast is checked by its state rather than its removal.
    await waitFor(() => expect(toast).toHaveAttribute("data-state", "closed"));
  });

  it("returns to idle when the visitor edits the form after an outcome", async () => {
    server.use(
      tokenOk,
      leadAnswer(() => new HttpResponse(null, { status: 400 })),
    );
    renderForm();
    fill(required);
    await userEvent.click(submitButton());
    await screen.findByText(leadErrorMessages.badRequest);
    await userEvent.type(screen.getByLabelText(label("jobTitle")), "C");
    expect(screen.queryByText(leadErrorMessages.badRequest)).toBeNull();
  });
});

describe("lead-form defaults", () => {
  it("come from the schema: a form that names no label shows the schema's", () => {
    renderForm();
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute("placeholder", "Jane");
    expect(screen.getByRole("button", { name: "Submit Request" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  });
});

describe("lead-form in another language", () => {
  // The words a locale writes in its site.json (chrome.leadForm), here the site's German ones.
  const german = (
    JSON.parse(fs.readFileSync(path.join(ROOT, "site-config/locales/de-DE/site.json"), "utf8")) as {
      chrome: { leadForm: LeadFormWords };
    }
  ).chrome.leadForm;
  const renderGerman = () => {
    const data = siteData();
    return renderWithProviders(<LeadForm block={loaded(block)} />, {
      path: "/de/kontakt",
      locale: "de-DE",
      data: { ...data, site: { ...data.site, chrome: { ...data.site.chrome, leadForm: german } } },
    });
  };

  it("says while sending, on failure and on success what the locale writes", async () => {
    let answer!: (response: Response) => void;
    server.use(
      tokenOk,
      leadAnswer(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderGerman();
    fill(required);
    await userEvent.click(submitButton());
    expect(await screen.findByRole("button", { name: new RegExp(german.submitting!) })).toBeDisabled();
    answer(new HttpResponse(null, { status: 500 }));

    const alert = screen.getAllByRole("alert").find((el) => el.closest("form"))!;
    await waitFor(() => expect(within(alert).getByText(german.errors!.server!)).toBeInTheDocument());
    expect(within(alert).getByText(german.failure!.title!)).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(within(toasts()[0] as HTMLElement).getByText(german.failure!.message!)).toBeInTheDocument();

    server.use(leadAnswer(created));
    await userEvent.click(submitButton());
    const status = screen.getAllByRole("status").find((el) => el.closest("form"))!;
    await waitFor(() => expect(within(status).getByText(german.success!.title!)).toBeInTheDocument());
    expect(within(status).getByText(german.success!.message!)).toBeInTheDocument();
  });

  it("falls back to British English for a message the locale leaves out", async () => {
    server.use(
      tokenOk,
      http.post(LEADS_ROUTE, () => HttpResponse.error()),
    );
    const data = siteData();
    renderWithProviders(<LeadForm block={loaded(block)} />, {
      path: "/de/kontakt",
      data: {
        ...data,
        site: { ...data.site, chrome: { ...data.site.chrome, leadForm: { submitting: "Wird gesendet …" } } },
      },
    });
    fill(required);
    await userEvent.click(submitButton());
    const alert = screen.getAllByRole("alert").find((el) => el.closest("form"))!;
    await waitFor(() => expect(within(alert).getByText(leadErrorMessages.network)).toBeInTheDocument());
  });
});
