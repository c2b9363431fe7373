import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useSiteData } from "../../kit/site-data.ts";

export const meta = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  const { site } = useSiteData();
  return (
    <Box as="section" maxW="3xl" mx="auto" px="6" py={{ base: "20", md: "32" }} textAlign="center">
      <Text color="brand.fg" fontWeight="semibold" mb="3">
        404
      </Text>
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }} mb="4">
        We couldn't find that page
      </Heading>
      <Text color="fg.muted" fontSize="lg" mb="8">
        The link may be out of date, or the page may have moved. Try one of these instead, or call us on{" "}
        {site.contact.phone}.
      </Text>
      <Stack direction={{ base: "column", sm: "row" }} gap="3" justify="center">
        <Button asChild type={undefined} bg="brand.solid" color="fg.inverted" _hover={{ bg: "brand.emphasis" }}>
          <a href="/">Go to the home page</a>
        </Button>
        <Button asChild type={undefined} variant="outline">
          <a href="/contact">Contact us</a>
        </Button>
      </Stack>
    </Box>
  );
}
