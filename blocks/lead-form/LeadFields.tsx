import { Field, Input, NativeSelect, SimpleGrid, Textarea } from "@chakra-ui/react";
import type { Lead, LeadFormBlock } from "../../contract/generated/schema-types.ts";
import leadSchema from "../../schemas/lead.schema.json";
import { useIslandId } from "../../kit/islands/Island.tsx";

type FieldName = keyof Lead;

interface FieldSpec {
  name: FieldName;
  type?: "text" | "email" | "url" | "tel";
  autoComplete: string;
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

// Order and input types as the product specifies them; required-ness and lengths from schemas/lead.schema.json.
const fields: FieldSpec[] = [
  { name: "firstName", autoComplete: "given-name" },
  { name: "lastName", autoComplete: "family-name" },
  { name: "companyEmail", type: "email", autoComplete: "email" },
  { name: "companyName", autoComplete: "organization" },
  { name: "jobTitle", autoComplete: "organization-title" },
  { name: "companyWebsite", type: "url", autoComplete: "url" },
  { name: "phone", type: "tel", autoComplete: "tel" },
  { name: "industry", autoComplete: "off" },
  { name: "comment", autoComplete: "off", wide: true },
];

const required = new Set<string>(leadSchema.required);
const properties = leadSchema.properties as Record<FieldName, { maxLength?: number; enum?: string[] }>;
const industries = properties.industry.enum ?? [];

interface LeadFieldsProps {
  labels: LeadFormBlock["labels"];
  placeholders: LeadFormBlock["placeholders"];
  disabled: boolean;
}

/** The lead's fields, each with a visible label; the browser checks required fields and input types. */
export function LeadFields({ labels, placeholders, disabled }: LeadFieldsProps) {
  const fieldId = useIslandId("lead");
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
      {fields.map(({ name, type = "text", autoComplete, wide }) => (
        <Field.Root
          key={name}
          id={`${fieldId}-${name}`}
          required={required.has(name)}
          disabled={disabled}
          gridColumn={wide ? { sm: "span 2" } : undefined}
        >
          <Field.Label fontWeight="medium" color="fg.default">
            {labels[name]}
            <Field.RequiredIndicator color="brand.fg" />
          </Field.Label>
          {name === "industry" ? (
            <NativeSelect.Root size="lg" disabled={disabled}>
              <NativeSelect.Field
                name={name}
                defaultValue=""
                placeholder={placeholders.industry}
                bg="bg.card"
                rounded="lg"
              >
                {industries.map((industry) => (
                  <option key={industry} value={industry}>
                    {industry}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : name === "comment" ? (
            <Textarea
              name={name}
              rows={4}
              maxLength={properties.comment.maxLength}
              placeholder={placeholders.comment}
              size="lg"
              bg="bg.card"
              rounded="lg"
              resize="vertical"
            />
          ) : (
            <Input
              name={name}
              type={type}
              autoComplete={autoComplete}
              maxLength={properties[name].maxLength}
              placeholder={placeholders[name]}
              size="lg"
              bg="bg.card"
              rounded="lg"
            />
          )}
        </Field.Root>
      ))}
    </SimpleGrid>
  );
}
