import { Box, Flex, HStack, SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import type { NavItem } from "../../contract/generated/schema-types.ts";
import { type IndustryLink, localePath, useIsCurrentPath, useSiteData } from "../../kit/site-data.ts";
import { HOVER_MENU_ATTRIBUTE } from "./header-dom.ts";
import { NavAnchor } from "./NavAnchor.tsx";

type MenuId = "product" | "industries";

const navLinkStyles = {
  px: "3",
  py: "2",
  rounded: "md",
  fontWeight: "medium",
  fontSize: "sm",
  color: "fg.default",
  _hover: { bg: "bg.subtle", color: "brand.fg" },
  "&[aria-current=page]": { color: "brand.fg", bg: "brand.subtle" },
} as const;

/** The small heading above a group of links in the Industries menu. */
const groupLabelStyles = {
  fontSize: "xs",
  fontWeight: "bold",
  textTransform: "uppercase",
  letterSpacing: "wider",
  color: "fg.muted",
  px: "3",
  pt: "2",
} as const;

function MenuEntry({ item }: { item: Pick<NavItem, "label" | "href" | "description"> }) {
  return (
    <NavAnchor
      href={item.href}
      display="block"
      p="3"
      rounded="lg"
      _hover={{ bg: "bg.subtle" }}
      css={{ "&[aria-current=page]": { bg: "brand.subtle" } }}
    >
      <Text fontWeight="semibold" fontSize="sm" color="fg.default">
        {item.label}
      </Text>
      {item.description ? (
        <Text fontSize="sm" color="fg.muted" mt="0.5">
          {item.description}
        </Text>
      ) : null}
    </NavAnchor>
  );
}

interface DropdownProps {
  id: MenuId;
  label: string;
  active: boolean;
  width: string;
  children: ReactNode;
}

/** A dropdown: its panel is a popover that its button opens with no script. The header's DOM code adds hover (header-dom.ts). */
function Dropdown({ id, label, active, width, children }: DropdownProps) {
  const panelId = `menu-${id}`;
  return (
    <Box {...{ [HOVER_MENU_ATTRIBUTE]: "" }}>
      <chakra.button
        type="button"
        popoverTarget={panelId}
        display="inline-flex"
        alignItems="center"
        gap="1"
        {...navLinkStyles}
        color={active ? "brand.fg" : "fg.default"}
        cursor="pointer"
        css={{ [`&:has(+ #${panelId}:popover-open) svg`]: { transform: "rotate(180deg)" } }}
      >
        {label}
        <ChevronDown size={16} aria-hidden="true" style={{ transition: "transform 150ms" }} />
      </chakra.button>
      <Box
        id={panelId}
        popover="auto"
        // A popover lives in the top layer, placed against the window: under the 72 px header bar, centred (the menus
        // sit mid-bar). CSS anchor positioning would centre it on its button, but the W3C checker rejects its
        // properties as unknown CSS.
        position="fixed"
        inset="72px 0 auto 0"
        mx="auto"
        my="0"
        p="0"
        pt="2"
        border="none"
        bg="transparent"
        overflow="visible"
        w={width}
        maxW="calc(100vw - 2rem)"
      >
        <Box bg="bg.card" rounded="xl" shadow="raised" borderWidth="1px" borderColor="border.subtle" p="3">
          {children}
        </Box>
      </Box>
    </Box>
  );
}

export function DesktopNav({
  product,
  industries,
  links,
}: {
  product: NavItem[];
  industries: IndustryLink[];
  links: NavItem[];
}) {
  const isCurrent = useIsCurrentPath();
  const data = useSiteData();
  const { chrome } = data.site;
  const industriesPath = localePath(data, "/industries");

  const featured = industries.filter((i) => i.featured);
  const others = industries.filter((i) => !i.featured);
  return (
    <HStack as="nav" aria-label={chrome.mainNavigation} gap="1" display={{ base: "none", lg: "flex" }}>
      <Dropdown id="product" label={chrome.product} width="sm" active={product.some((p) => isCurrent(p.href))}>
        {product.map((item) => (
          <MenuEntry key={item.href} item={item} />
        ))}
      </Dropdown>
      <Dropdown
        id="industries"
        label={chrome.industries}
        width="2xl"
        active={isCurrent(industriesPath, { end: false })}
      >
        <Flex gap="3">
          <Box flex="1" bg="bg.subtle" rounded="lg" p="2">
            <Text {...groupLabelStyles}>{chrome.featured}</Text>
            {featured.map((item) => (
              <MenuEntry key={item.href} item={item} />
            ))}
          </Box>
          <Box flex="2" p="2">
            <Text {...groupLabelStyles}>{chrome.allIndustries}</Text>
            <SimpleGrid columns={2}>
              {others.map((item) => (
                <MenuEntry key={item.href} item={item} />
              ))}
            </SimpleGrid>
            <NavAnchor
              href={industriesPath}
              display="block"
              px="3"
              py="2"
              fontSize="sm"
              fontWeight="semibold"
              color="brand.fg"
            >
              {chrome.viewAllIndustries}
            </NavAnchor>
          </Box>
        </Flex>
      </Dropdown>
      {links.map((link) => (
        <NavAnchor key={link.href} href={link.href} end {...navLinkStyles}>
          {link.label}
        </NavAnchor>
      ))}
    </HStack>
  );
}
