import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { localePath, type SiteData, useSiteData } from "../../kit/site-data.ts";

/** The not-found page's title in the locale of the address asked for (root's data), British English without it. */
export const meta = ({ matches }: { matches?: ReadonlyArray<{ id: string; data?: unknown } | undefined> } = {}) => {
  const site = (matches?.find((match) => match?.id === "root")?.data as SiteData | undefined)?.site;
  return [{ title: site?.chrome.notFound.title ?? "Page not found" }, { name: "robots", content: "noindex" }];
};

export default function NotFound() {
  const data = useSiteData();
  const { site } = data;
  const words = site.chrome.notFound;
  const [before = "", after = ""] = words.text.split("%s");
  return (
    <Box as="section" maxW="3xl" mx="auto" px="6" py={{ base: "20", md: "32" }} textAlign="center">
      <Text color="brand.fg" fontWeight="semibold" mb="3">
        404
      </Text>
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }} mb="4">
        {words.heading}
      </Heading>
      <Text color="fg.muted" fontSize="lg" mb="8">
        {/* The space before the number is a text of its own, as the sentence was first written in JSX: the page's HTML
            stays the same. */}
        {before.trimEnd()}
        {before.endsWith(" ") ? " " : null}
        {site.contact.phone}
        {after}
      </Text>
      <Stack direction={{ base: "column", sm: "row" }} gap="3" justify="center">
        <Button asChild type={undefined} bg="brand.solid" color="fg.inverted" _hover={{ bg: "brand.emphasis" }}>
          <a href={localePath(data, "/")}>{words.home}</a>
        </Button>
        <Button asChild type={undefined} variant="outline">
          <a href={localePath(data, "/contact")}>{words.contact}</a>
        </Button>
      </Stack>
    </Box>
  );
}
