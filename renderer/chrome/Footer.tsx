import { Box, Flex, Heading, SimpleGrid, Stack, Text, chakra } from "@chakra-ui/react";
import { localePath, useSiteData } from "../../kit/site-data.ts";
import { filledParts } from "../../kit/fill-parts.ts";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";
import { Logo } from "./Logo.tsx";

const FooterLink = chakra(SmartLink);

/** The footer's id: the page's first paint waits until it is parsed (root.tsx). */
export const FOOTER_ID = "site-footer";

export function Footer() {
  const data = useSiteData();
  const { site, industries } = data;
  const { chrome } = site;
  const year = new Date().getFullYear();
  const tel = `tel:${site.contact.phone.replace(/[^\d+]/g, "")}`;
  return (
    <Box as="footer" id={FOOTER_ID} bg="bg.inverted" color="fg.invertedMuted" pt="16" pb="8">
      <Box maxW="7xl" mx="auto" px={{ base: "4", md: "6" }}>
        <Flex direction={{ base: "column", lg: "row" }} gap="12">
          <Stack maxW={{ lg: "xs" }} gap="4">
            <a href={localePath(data, "/")} aria-label={chrome.homeLabel.replace("%s", site.brand.name)}>
              <Logo name={site.brand.name} inverted />
            </a>
            <Text fontSize="sm">{site.brand.tagline}</Text>
            <Stack gap="1" fontSize="sm">
              <FooterLink href={tel} color="fg.inverted" _hover={{ textDecoration: "underline" }}>
                {site.contact.phone}
              </FooterLink>
              <FooterLink
                href={`mailto:${site.contact.email}`}
                color="fg.inverted"
                _hover={{ textDecoration: "underline" }}
              >
                {site.contact.email}
              </FooterLink>
              <Text>{site.contact.address}</Text>
            </Stack>
          </Stack>
          <SimpleGrid as="nav" aria-label={chrome.footerNavigation} columns={{ base: 2, md: 4 }} gap="8" flex="1">
            {site.footer.columns.map((column) => {
              const links = column.source === "industries" ? industries : (column.links ?? []);
              return (
                <Box key={column.title}>
                  <Heading as="h2" fontSize="sm" fontWeight="semibold" color="fg.inverted" mb="4">
                    {column.title}
                  </Heading>
                  <Stack as="ul" gap="2" listStyleType="none" fontSize="sm">
                    {links.map((link) => (
                      <li key={link.href}>
                        <FooterLink href={link.href} _hover={{ color: "fg.inverted" }}>
                          {link.label}
                        </FooterLink>
                      </li>
                    ))}
                  </Stack>
                </Box>
              );
            })}
          </SimpleGrid>
        </Flex>
        <Flex
          mt="12"
          pt="6"
          borderTopWidth="1px"
          borderColor="whiteAlpha.200"
          direction={{ base: "column", md: "row" }}
          justify="space-between"
          gap="4"
          fontSize="sm"
        >
          <Text>
            {filledParts(chrome.registration, {
              year,
              brand: site.brand.name,
              companyNumber: site.contact.companyNumber,
            })}
          </Text>
          <Flex as="ul" gap="5" wrap="wrap" listStyleType="none" aria-label={chrome.legal}>
            {site.footer.legal.map((link) => (
              <li key={link.href}>
                <FooterLink href={link.href} _hover={{ color: "fg.inverted" }}>
                  {link.label}
                </FooterLink>
              </li>
            ))}
          </Flex>
        </Flex>
      </Box>
    </Box>
  );
}
