import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { catalogueError, scaffoldErrors } from "../contract/errors.ts";
import { componentFileOf } from "./block-folders.ts";

export const BLOCK_TYPE_PATTERN = /^[a-z]+(-[a-z]+)*$/;

export interface BlockScaffold {
  /** The new type, e.g. "faq": also its folder's name. */
  type: string;
  /** The project whose blocks/ receives the folder. */
  projectDir: string;
}

/**
 * The label a new block type starts with, its type's words in sentence case: "case-study" → "Case study", "faq" →
 * "Faq". An acronym cannot be guessed from the type; the label is changed in the folder's block.ts.
 */
export const blockLabel = (type: string) => {
  const words = type.split("-").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Writes blocks/<type>/: a schema, a manifest, a component and its test, which pass as they are. */
export async function scaffoldBlock({ type, projectDir }: BlockScaffold): Promise<string[]> {
  if (!BLOCK_TYPE_PATTERN.test(type)) throw catalogueError(scaffoldErrors.badBlockType, { type });
  const folder = path.join(projectDir, "blocks", type);
  if (fs.existsSync(folder)) throw catalogueError(scaffoldErrors.blockTypeExists, { type });

  const component = componentFileOf(type);
  const name = component.replace(/\.tsx$/, "");
  const label = blockLabel(type);
  const schema = {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: `${name}Block`,
    description: `${label}: say what the block shows and when to use it.`,
    type: "object",
    additionalProperties: false,
    required: ["type", "heading"],
    properties: {
      type: { const: type },
      id: { $ref: "../../schemas/defs.schema.json#/$defs/blockId" },
      eyebrow: { $ref: "../../schemas/defs.schema.json#/$defs/eyebrow" },
      heading: { $ref: "../../schemas/defs.schema.json#/$defs/heading" },
      text: { $ref: "../../schemas/defs.schema.json#/$defs/text" },
    },
    examples: [{ type, heading: `${label} heading`, text: `What the ${label.toLowerCase()} block says.` }],
  };
  const files: Record<string, string> = {
    "schema.json": JSON.stringify(schema),
    "block.ts": `import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "${type}",
  version: 1,
  label: "${label}",
  description: "Say in one line what the block is for.",
  category: "content",
  icon: "layers",
});
`,
    [component]: `import { Text } from "@chakra-ui/react";
import type { ${name}Block } from "../../contract/generated/schema-types.ts";
import { Section } from "../../kit/ui/Section.tsx";

export default function ${name}({ block }: { block: ${name}Block }) {
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading}>
      {block.text ? <Text color="fg.muted">{block.text}</Text> : null}
    </Section>
  );
}
`,
    [`${name}.test.tsx`]: `import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ${name}Block } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";
import schema from "./schema.json";

// The schema's first example is the block under test: a field added to the schema (and to its example, which must
// validate) needs no change here.
const [example] = schema.examples as unknown as ${name}Block[];

describe("${type}", () => {
  it("shows its first example's heading", async () => {
    await renderBlocks([example]);
    expect(screen.getByRole("heading", { level: 2, name: example.heading })).toBeInTheDocument();
  });
});
`,
  };
  fs.mkdirSync(folder, { recursive: true });
  const config = await prettier.resolveConfig(path.join(projectDir, "package.json"));
  const written: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(folder, file);
    // Written as Prettier would format it, so the new folder passes `npm run lint` untouched.
    fs.writeFileSync(target, await prettier.format(text, { ...config, filepath: target }), { flag: "wx" });
    written.push(target);
  }
  return written;
}
