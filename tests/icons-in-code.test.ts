import { describe, expect, it } from "vitest";
import { iconsNamedInCode } from "../toolchain/icons-in-code.ts";
import { importIconsByPath } from "../toolchain/site-icons-plugin.ts";

describe("iconsNamedInCode (the icons a build bundles for what components name)", () => {
  it("finds a fixed name, in either kind of quotes and on either icon component", () => {
    expect(iconsNamedInCode(`<Icon name="check" size={16} />`)).toEqual(["check"]);
    expect(iconsNamedInCode(`<IconTile tone="accent" name='phone' />`)).toEqual(["phone"]);
  });

  it("finds a fallback and both branches of a choice", () => {
    expect(iconsNamedInCode(`<Icon name={item.icon ?? "check"} />`)).toEqual(["check"]);
    expect(iconsNamedInCode(`<Icon name={open ? "home" : "search"} size={20} />`)).toEqual(["home", "search"]);
  });

  it("reads an expression that nests braces, and attributes before the name that hold braces or arrows", () => {
    const code = `<IconTile
      onClick={() => { setOpen((o) => !o); }}
      label={\`\${count} items\`}
      name={icons[{ a: "mail" }.a] ?? (solid ? "shield-check" : "lock")}
    />`;
    expect(iconsNamedInCode(code)).toEqual(["mail", "shield-check", "lock"]);
  });

  it("finds every tag in a file and ignores names that are no icon or belong to other components", () => {
    const code = `
      export function Row({ done }: { done: boolean }) {
        return (
          <Flex name="bell">
            <Icon name={done ? "check-circle" : "clock"} />
            <IconButton name="star" />
            <Icon name={\`no-such-icon\`} />
            <Icon name={props.icon} />
          </Flex>
        );
      }`;
    expect(iconsNamedInCode(code)).toEqual(["check-circle", "clock"]);
  });
});

describe("importIconsByPath (a build imports each icon from its own module)", () => {
  it("writes each icon of an import from lucide-react's index as an import of its module, on the same line", () => {
    const code = 'import { Check, CircleCheck as Done } from "lucide-react";\nexport const a = [Check, Done];\n';
    expect(importIconsByPath(code)).toBe(
      'import Check from "lucide-react/icons/check"; import Done from "lucide-react/icons/circle-check";\n' +
        "export const a = [Check, Done];\n",
    );
  });

  it("finds an icon under any of its names, and leaves what is not an icon imported from the index", () => {
    expect(importIconsByPath(`import { HomeIcon, LucideBot, createLucideIcon } from 'lucide-react'`)).toBe(
      'import HomeIcon from "lucide-react/icons/house"; import LucideBot from "lucide-react/icons/bot"; ' +
        'import { createLucideIcon } from "lucide-react";',
    );
    expect(importIconsByPath('import { icons } from "lucide-react";')).toBe('import { icons } from "lucide-react";');
  });

  it("leaves imports from other packages alone", () => {
    const code = 'import { Check } from "lucide-react-native";\nimport { Box } from "@chakra-ui/react";\n';
    expect(importIconsByPath(code)).toBe(code);
  });
});
