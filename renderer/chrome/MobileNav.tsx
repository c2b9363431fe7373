import { Box, Stack, Text, chakra } from "@chakra-ui/react";
import { ChevronDown } from "lucide-react";
import type { CallToAction, NavItem } from "../../contract/generated/schema-types.ts";
import { type IndustryLink, localePath, useSiteData } from "../../kit/site-data.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { NavAnchor } from "./NavAnchor.tsx";

const rowStyles = {
  display: "block",
  px: "3",
  py: "3",
  rounded: "md",
  fontWeight: "medium",
  _hover: { bg: "bg.subtle" },
  "&[aria-current=page]": { color: "brand.fg", bg: "brand.subtle" },
} as const;

/** A collapsible section of the menu: a native disclosure, which opens and closes with no script. */
function Section({ label, items }: { label: string; items: { label: string; href: string }[] }) {
  return (
    <chakra.details css={{ "&[open] > summary svg": { transform: "rotate(180deg)" } }}>
      <chakra.summary
        {...rowStyles}
        display="flex"
        justifyContent="space-between"
        alignItems="center"
        cursor="pointer"
        listStyle="none"
        css={{ "&::-webkit-details-marker": { display: "none" } }}
      >
        {label}
        <ChevronDown size={18} aria-hidden="true" style={{ transition: "transform 150ms" }} />
      </chakra.summary>
      <Stack gap="0" ps="3">
        {items.map((item) => (
          <NavAnchor key={item.href} href={item.href} {...rowStyles} fontWeight="normal" color="fg.muted">
            {item.label}
          </NavAnchor>
        ))}
      </Stack>
    </chakra.details>
  );
}

interface MobileNavProps {
  id: string;
  product: NavItem[];
  industries: IndustryLink[];
  links: NavItem[];
  actions: CallToAction[];
}

/**
 * The mobile menu's panel: a popover under the header, opened by the header's menu button with no script. The header's
 * DOM code (header-dom.ts) collapses its sections when it closes.
 */
export function MobileNav({ id, product, industries, links, actions }: MobileNavProps) {
  const data = useSiteData();
  const { chrome } = data.site;
  return (
    <Box
      id={id}
      as="nav"
      popover="auto"
      aria-label={chrome.mobileNavigation}
      // A popover lives in the top layer: placed here, under the 64 px header bar, over the full width.
      position="fixed"
      inset="64px 0 auto 0"
      m="0"
      w="full"
      maxW="none"
      borderWidth="1px 0 0 0"
      borderColor="border.subtle"
      bg="bg.canvas"
      color="fg.default"
      shadow="raised"
      maxH="calc(100dvh - 64px)"
      overflowY="auto"
      px="4"
      py="3"
    >
      <Section label={chrome.product} items={product} />
      <Section
        label={chrome.industries}
        items={[...industries, { label: chrome.allIndustries, href: localePath(data, "/industries") }]}
      />
      {links.map((link) => (
        <NavAnchor key={link.href} href={link.href} end {...rowStyles}>
          {link.label}
        </NavAnchor>
      ))}
      <Stack mt="3" gap="2">
        {[...actions].reverse().map((action) => (
          <CtaButton key={action.href} cta={action} size="md" />
        ))}
      </Stack>
      <Text fontSize="xs" color="fg.muted" mt="3" textAlign="center">
        {chrome.mobileNote}
      </Text>
    </Box>
  );
}
