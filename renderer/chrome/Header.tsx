import { Box, Flex, HStack, IconButton, chakra } from "@chakra-ui/react";
import { Menu, PhoneCall, X } from "lucide-react";
import { useState } from "react";
import { HEADER_SCROLL_THRESHOLD_PX } from "../../kit/constants.ts";
import { useScrolledPast } from "../../kit/hooks/useScrolledPast.ts";
import { useSiteData } from "../../kit/site-data.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { DesktopNav } from "./DesktopNav.tsx";
import { Logo } from "./Logo.tsx";
import { MobileNav } from "./MobileNav.tsx";

const MOBILE_MENU_ID = "mobile-menu";

export function Header() {
  const { site, industries } = useSiteData();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  // Every page load starts closed; a link in the menu closes it too, so Back restores the page without it.
  const [menuOpen, setMenuOpen] = useState(false);
  const { product, links, actions } = site.navigation;
  const tel = `tel:${site.contact.phone.replace(/[^\d+]/g, "")}`;

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      data-scrolled={scrolled || undefined}
      bg={scrolled ? "rgba(255, 255, 255, 0.97)" : "rgba(255, 255, 255, 0.8)"}
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor={scrolled ? "border.subtle" : "transparent"}
      shadow={scrolled ? "sm" : "none"}
      transition="background-color 200ms, box-shadow 200ms, border-color 200ms"
    >
      <chakra.a
        href="#main"
        position="absolute"
        left="4"
        top="-12"
        _focus={{ top: "2" }}
        bg="brand.solid"
        color="fg.inverted"
        px="4"
        py="2"
        rounded="md"
        zIndex="overlay"
      >
        Skip to content
      </chakra.a>
      <Flex
        maxW="7xl"
        mx="auto"
        px={{ base: "4", md: "6" }}
        h={{ base: "64px", lg: "72px" }}
        align="center"
        justify="space-between"
        gap="4"
      >
        <a href="/" aria-label={`${site.brand.name} home`}>
          <Logo name={site.brand.name} />
        </a>
        <DesktopNav product={product} industries={industries} links={links} />
        <HStack gap="2">
          <IconButton
            asChild
            aria-label={`Call us on ${site.contact.phone}`}
            variant="ghost"
            rounded="full"
            color="brand.fg"
          >
            <a href={tel}>
              <PhoneCall size={20} aria-hidden="true" />
            </a>
          </IconButton>
          <HStack gap="2" display={{ base: "none", lg: "flex" }}>
            {actions.map((action) => (
              <CtaButton key={action.href} cta={action} size="sm" />
            ))}
          </HStack>
          <IconButton
            display={{ base: "inline-flex", lg: "none" }}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            variant="ghost"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </IconButton>
        </HStack>
      </Flex>
      {menuOpen ? (
        <MobileNav
          id={MOBILE_MENU_ID}
          product={product}
          industries={industries}
          links={links}
          actions={actions}
          onNavigate={() => setMenuOpen(false)}
        />
      ) : null}
    </Box>
  );
}
