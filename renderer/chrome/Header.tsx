import { Box, Flex, HStack, IconButton, chakra } from "@chakra-ui/react";
import { Menu, PhoneCall, X } from "lucide-react";
import type { ReactNode } from "react";
import { localePath, useSiteData } from "../../kit/site-data.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { DesktopNav } from "./DesktopNav.tsx";
import { HEADER_ATTRIBUTE, OPEN_LABEL_ATTRIBUTE } from "./header-dom.ts";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { Logo } from "./Logo.tsx";
import { MobileNav } from "./MobileNav.tsx";

const MOBILE_MENU_ID = "mobile-menu";

/**
 * The site header. It is HTML and CSS only: its menus are popovers that the browser opens on the first tap, and the
 * little it needs beyond HTML (aria-expanded, hover delays, the opaque background once scrolled) is plain DOM code
 * (header-dom.ts). It ships no component code and is never hydrated. The language switcher's links are the page's own:
 * the page's frame (PageFrame.tsx) gives it the switcher, and renders the rest once for all the pages of a locale that
 * mark the same link current (RenderedOnce.tsx).
 */
export function Header({ languageSwitcher = <LanguageSwitcher /> }: { languageSwitcher?: ReactNode }) {
  const data = useSiteData();
  const { site, industries } = data;
  const { chrome } = site;
  const { product, links, actions } = site.navigation;
  const tel = `tel:${site.contact.phone.replace(/[^\d+]/g, "")}`;

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      {...{ [HEADER_ATTRIBUTE]: "" }}
      bg="rgba(255, 255, 255, 0.8)"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="transparent"
      shadow="none"
      transition="background-color 200ms, box-shadow 200ms, border-color 200ms"
      css={{
        "&[data-scrolled]": { bg: "rgba(255, 255, 255, 0.97)", borderColor: "border.subtle", shadow: "sm" },
        [`&:has(#${MOBILE_MENU_ID}:popover-open) [data-menu-icon=closed]`]: { display: "none" },
        [`&:not(:has(#${MOBILE_MENU_ID}:popover-open)) [data-menu-icon=open]`]: { display: "none" },
      }}
    >
      <chakra.a
        href="#main"
        position="absolute"
        insetStart="4"
        top="-12"
        _focus={{ top: "2" }}
        bg="brand.solid"
        color="fg.inverted"
        px="4"
        py="2"
        rounded="md"
        zIndex="overlay"
      >
        {chrome.skipToContent}
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
        <a href={localePath(data, "/")} aria-label={chrome.homeLabel.replace("%s", site.brand.name)}>
          <Logo name={site.brand.name} />
        </a>
        <DesktopNav product={product} industries={industries} links={links} />
        <HStack gap="2">
          {languageSwitcher}
          <IconButton
            asChild
            // Chakra's IconButton says type="button", which is invalid on the link it renders.
            type={undefined}
            aria-label={chrome.callUs.replace("%s", site.contact.phone)}
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
            aria-label={chrome.openMenu}
            {...{ [OPEN_LABEL_ATTRIBUTE]: chrome.closeMenu }}
            popoverTarget={MOBILE_MENU_ID}
            variant="ghost"
          >
            <Menu aria-hidden="true" data-menu-icon="closed" />
            <X aria-hidden="true" data-menu-icon="open" />
          </IconButton>
        </HStack>
      </Flex>
      <MobileNav id={MOBILE_MENU_ID} product={product} industries={industries} links={links} actions={actions} />
    </Box>
  );
}
