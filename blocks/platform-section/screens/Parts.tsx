import { Box, Flex, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** Small shared pieces of the product illustrations: they imitate the console's look, not its behaviour. */
export function Panel({ title, children, action }: { title: string; children: ReactNode; action?: string }) {
  return (
    <Box bg="bg.card" rounded="xl" borderWidth="1px" borderColor="border.subtle" p="3" minW="0">
      <Flex justify="space-between" align="center" mb="2" gap="2">
        <Text fontSize="xs" fontWeight="bold" color="fg.default" truncate>
          {title}
        </Text>
        {action ? (
          <Text fontSize="2xs" color="brand.fg" fontWeight="semibold" flexShrink={0}>
            {action}
          </Text>
        ) : null}
      </Flex>
      {children}
    </Box>
  );
}

export function Pill({ children, tone = "accent" }: { children: ReactNode; tone?: "accent" | "brand" | "muted" }) {
  const colours = {
    accent: { bg: "accent.subtle", color: "accent.fg" },
    brand: { bg: "brand.subtle", color: "brand.fg" },
    muted: { bg: "bg.subtle", color: "fg.muted" },
  }[tone];
  return (
    <Text
      as="span"
      fontSize="2xs"
      fontWeight="semibold"
      rounded="full"
      px="2"
      py="0.5"
      whiteSpace="nowrap"
      {...colours}
    >
      {children}
    </Text>
  );
}

export function Dot({ on = true }: { on?: boolean }) {
  return (
    <Box
      as="span"
      display="inline-block"
      w="2"
      h="2"
      rounded="full"
      flexShrink={0}
      bg={on ? "accent.solid" : "border.subtle"}
    />
  );
}

/** A row of bars; heights are percentages. */
export function Bars({ heights, h = "16" }: { heights: number[]; h?: string }) {
  return (
    <Flex align="flex-end" gap="1" h={h}>
      {heights.map((height, index) => (
        <Box
          key={index}
          flex="1"
          h={`${height}%`}
          roundedTop="sm"
          bg={index === heights.length - 1 ? "accent.solid" : "brand.solid"}
          opacity={index === heights.length - 1 ? 1 : 0.25 + (0.5 * index) / heights.length}
        />
      ))}
    </Flex>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <Flex
      align="center"
      gap="2"
      py="1.5"
      borderTopWidth="1px"
      borderColor="border.subtle"
      _first={{ borderTopWidth: 0 }}
      fontSize="xs"
      minW="0"
    >
      {children}
    </Flex>
  );
}
