import type { LeadFormBlock } from "../../renderer/generated/schema-types.ts";

// The schema's `default`s, which a page document may leave out; lead-form.test.tsx checks the two agree.
export const defaultLabels: Required<NonNullable<LeadFormBlock["labels"]>> = {
  firstName: "First name",
  lastName: "Last name",
  companyEmail: "Company email",
  companyName: "Company name",
  jobTitle: "Job title",
  companyWebsite: "Company website",
  phone: "Phone",
  industry: "Industry",
  comment: "How can we help?",
};

export const defaultPlaceholders: Required<NonNullable<LeadFormBlock["placeholders"]>> = {
  firstName: "Jane",
  lastName: "Smith",
  companyEmail: "jane.smith@company.com",
  companyName: "Acme Insurance",
  jobTitle: "Head of Customer Service",
  companyWebsite: "https://www.example.com",
  phone: "+44 161 496 0000",
  industry: "Select your industry",
  comment: "Tell us about your customer service and the role you'd like an agent to take on.",
};

export const defaultPrivacy: Required<NonNullable<LeadFormBlock["privacy"]>> = {
  text: "By submitting this form you agree to our",
  linkLabel: "Privacy Policy",
  href: "/privacy",
};

export const DEFAULT_SUBMIT_LABEL = "Submit Request";
export const DEFAULT_HEADING_LEVEL = "h2";
