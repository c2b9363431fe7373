import { Box, Stack, Text, chakra } from "@chakra-ui/react";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import type { CallToAction, NavItem } from "../../contract/generated/schema-types.ts";
import type { IndustryLink } from "../../kit/site-data.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { NavAnchor } from "./NavAnchor.tsx";
import { useIslandId } from "../../kit/islands/Island.tsx";

const rowStyles = {
  display: "block",
  px: "3",
  py: "3",
  rounded: "md",
  fontWeight: "medium",
  _hover: { bg: "bg.subtle" },
  "&[aria-current=page]": { color: "brand.fg", bg: "brand.subtle" },
} as const;

function Section({
  label,
  items,
  onNavigate,
}: {
  label: string;
  items: { label: string; href: string }[];
  onNavigate: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useIslandId(`mobile-${label.toLowerCase()}`);
  return (
    <Box>
      <chakra.button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((e) => !e)}
        {...rowStyles}
        w="full"
        display="flex"
        justifyContent="space-between"
        alignItems="center"
        cursor="pointer"
      >
        {label}
        <ChevronDown
          size={18}
          aria-hidden="true"
          style={{ transform: expanded ? "rotate(180deg)" : undefined, transition: "transform 150ms" }}
        />
      </chakra.button>
      <Stack id={panelId} hidden={!expanded} gap="0" pl="3">
        {items.map((item) => (
          <NavAnchor
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            {...rowStyles}
            fontWeight="normal"
            color="fg.muted"
          >
            {item.label}
          </NavAnchor>
        ))}
      </Stack>
    </Box>
  );
}

interface MobileNavProps {
  id: string;
  product: NavItem[];
  industries: IndustryLink[];
  links: NavItem[];
  actions: CallToAction[];
  onNavigate: () => void;
}

/** The mobile menu's panel. It is unmounted when the menu closes, which collapses its sections. */
export function MobileNav({ id, product, industries, links, actions, onNavigate }: MobileNavProps) {
  return (
    <Box
      id={id}
      as="nav"
      aria-label="Mobile"
      display={{ base: "block", lg: "none" }}
      borderTopWidth="1px"
      borderColor="border.subtle"
      bg="bg.canvas"
      maxH="calc(100dvh - 64px)"
      overflowY="auto"
      px="4"
      py="3"
    >
      <Section label="Product" items={product} onNavigate={onNavigate} />
      <Section
        label="Industries"
        items={[...industries, { label: "All Industries", href: "/industries" }]}
        onNavigate={onNavigate}
      />
      {links.map((link) => (
        <NavAnchor key={link.href} href={link.href} end onClick={onNavigate} {...rowStyles}>
          {link.label}
        </NavAnchor>
      ))}
      <Stack mt="3" gap="2">
        {[...actions].reverse().map((action) => (
          <CtaButton key={action.href} cta={action} size="md" onClick={onNavigate} />
        ))}
      </Stack>
      <Text fontSize="xs" color="fg.muted" mt="3" textAlign="center">
        Available 24/7 · No technical expertise needed
      </Text>
    </Box>
  );
}
