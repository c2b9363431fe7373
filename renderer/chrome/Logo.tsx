import { Box, HStack, Text } from "@chakra-ui/react";

export function Logo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <HStack gap="2">
      <Box as="span" display="inline-flex" aria-hidden="true">
        <svg width="32" height="32" viewBox="0 0 32 32" focusable="false">
          <rect width="32" height="32" rx="8" fill={inverted ? "#ffffff" : "#234688"} />
          <path
            d="M8 10l8 13 8-13"
            fill="none"
            stroke={inverted ? "#0a8467" : "#4fd3b3"}
            strokeWidth="3.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </Box>
      <Text
        as="span"
        fontWeight="bold"
        fontSize="xl"
        letterSpacing="-0.02em"
        color={inverted ? "fg.inverted" : "fg.default"}
      >
        {name}
      </Text>
    </HStack>
  );
}
