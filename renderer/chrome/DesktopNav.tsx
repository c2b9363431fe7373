import { Box, Flex, HStack, SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { ChevronDown } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import type { NavItem } from "../../contract/generated/schema-types.ts";
import { useMenuGroup } from "../../kit/hooks/useMenuGroup.ts";
import { type IndustryLink, usePathname } from "../../kit/site-data.ts";
import { NavAnchor } from "./NavAnchor.tsx";
import { useIslandId } from "../../kit/islands/Island.tsx";

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

function MenuEntry({
  item,
  onNavigate,
}: {
  item: Pick<NavItem, "label" | "href" | "description">;
  onNavigate: () => void;
}) {
  return (
    <NavAnchor
      href={item.href}
      onClick={onNavigate}
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
  menu: ReturnType<typeof useMenuGroup<MenuId>>;
  width: string;
  children: ReactNode;
}

function Dropdown({ id, label, active, menu, width, children }: DropdownProps) {
  const panelId = useIslandId(`menu-${id}`);
  const open = menu.open === id;
  return (
    <Box position="relative" onMouseEnter={() => menu.hoverStart(id)} onMouseLeave={menu.hoverEnd}>
      <chakra.button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => menu.toggle(id)}
        display="inline-flex"
        alignItems="center"
        gap="1"
        {...navLinkStyles}
        color={active ? "brand.fg" : "fg.default"}
        cursor="pointer"
      >
        {label}
        <ChevronDown
          size={16}
          aria-hidden="true"
          style={{ transition: "transform 150ms", transform: open ? "rotate(180deg)" : undefined }}
        />
      </chakra.button>
      <Box
        id={panelId}
        hidden={!open}
        position="absolute"
        top="100%"
        left="50%"
        transform="translateX(-50%)"
        pt="2"
        w={width}
        zIndex="dropdown"
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
  const menu = useMenuGroup<MenuId>();
  const pathname = usePathname();
  const { close } = menu;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);

  const featured = industries.filter((i) => i.featured);
  const others = industries.filter((i) => !i.featured);
  return (
    <HStack as="nav" aria-label="Main" gap="1" display={{ base: "none", lg: "flex" }}>
      <Dropdown id="product" label="Product" menu={menu} width="sm" active={product.some((p) => p.href === pathname)}>
        {product.map((item) => (
          <MenuEntry key={item.href} item={item} onNavigate={close} />
        ))}
      </Dropdown>
      <Dropdown id="industries" label="Industries" menu={menu} width="2xl" active={pathname.startsWith("/industries")}>
        <Flex gap="3">
          <Box flex="1" bg="bg.subtle" rounded="lg" p="2">
            <Text {...groupLabelStyles}>Featured</Text>
            {featured.map((item) => (
              <MenuEntry key={item.href} item={item} onNavigate={close} />
            ))}
          </Box>
          <Box flex="2" p="2">
            <Text {...groupLabelStyles}>All Industries</Text>
            <SimpleGrid columns={2}>
              {others.map((item) => (
                <MenuEntry key={item.href} item={item} onNavigate={close} />
              ))}
            </SimpleGrid>
            <NavAnchor
              href="/industries"
              onClick={close}
              display="block"
              px="3"
              py="2"
              fontSize="sm"
              fontWeight="semibold"
              color="brand.fg"
            >
              View all industries →
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
