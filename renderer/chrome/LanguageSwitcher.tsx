import { Box, chakra, VisuallyHidden } from "@chakra-ui/react";
import { Check, ChevronDown, Globe } from "lucide-react";
import { useSiteData } from "../../kit/site-data.ts";

export const LANGUAGE_MENU_ID = "language-menu";

/**
 * The language switcher: a button naming the page's language that opens, with no script (a popover, as the header's
 * other menus), the list of the page's versions in each language. Each link is written in its own language (`lang`),
 * says the language of the page it leads to (`hreflang`), and the page's own language is marked as the current one.
 * Shown only when the site has several locales; the links are the page's (its site data's `languages`).
 */
export function LanguageSwitcher() {
  const { languages: links = [], site } = useSiteData();
  const label = site.chrome.languages;
  const current = links.find((link) => link.current);
  if (links.length < 2 || !current) return null;
  return (
    <Box>
      <chakra.button
        type="button"
        popoverTarget={LANGUAGE_MENU_ID}
        display="inline-flex"
        alignItems="center"
        gap="1.5"
        h="10"
        px="2.5"
        rounded="full"
        fontSize="sm"
        fontWeight="medium"
        color="fg.default"
        cursor="pointer"
        _hover={{ bg: "bg.subtle", color: "brand.fg" }}
        css={{ [`&:has(+ #${LANGUAGE_MENU_ID}:popover-open) [data-chevron]`]: { transform: "rotate(180deg)" } }}
      >
        <Globe size={18} aria-hidden="true" />
        <VisuallyHidden>{`${label}:`}</VisuallyHidden> <span lang={current.code}>{current.name}</span>
        <ChevronDown size={14} aria-hidden="true" data-chevron="" style={{ transition: "transform 150ms" }} />
      </chakra.button>
      <Box
        as="nav"
        id={LANGUAGE_MENU_ID}
        popover="auto"
        aria-label={label}
        // In the top layer, placed against the window: under the header bar, at the right edge of its content (the
        // switcher sits at the bar's right end). The W3C checker rejects CSS anchor positioning (see DesktopNav).
        position="fixed"
        inset={{
          base: "64px 1rem auto auto",
          lg: "72px max(1.5rem, calc((100vw - 80rem) / 2 + 1.5rem)) auto auto",
        }}
        m="0"
        p="0"
        pt="2"
        border="none"
        bg="transparent"
        overflow="visible"
        minW="48"
      >
        <chakra.ul
          listStyle="none"
          m="0"
          p="2"
          bg="bg.card"
          rounded="xl"
          shadow="raised"
          borderWidth="1px"
          borderColor="border.subtle"
        >
          {links.map((link) => (
            <li key={link.code}>
              <chakra.a
                href={link.href}
                hrefLang={link.code}
                lang={link.code}
                aria-current={link.current ? "page" : undefined}
                display="flex"
                alignItems="center"
                justifyContent="space-between"
                gap="4"
                px="3"
                py="2"
                rounded="md"
                fontSize="sm"
                fontWeight="medium"
                color="fg.default"
                _hover={{ bg: "bg.subtle", color: "brand.fg" }}
                css={{ "&[aria-current=page]": { color: "brand.fg", bg: "brand.subtle" } }}
              >
                {link.name}
                {link.current ? <Check size={16} aria-hidden="true" /> : null}
              </chakra.a>
            </li>
          ))}
        </chakra.ul>
      </Box>
    </Box>
  );
}
