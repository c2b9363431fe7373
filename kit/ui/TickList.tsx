import { Box, List, Text } from "@chakra-ui/react";
import { Check, CircleCheck } from "lucide-react";
import type { ComponentProps } from "react";

interface TickListProps extends Omit<ComponentProps<typeof List.Root>, "children"> {
  items: readonly string[];
  /** A ticked circle for feature points; a plain tick for the lighter lists of a card. */
  tick?: "circle" | "plain";
  size?: number;
}

/** Short points, each after a tick: what a channel, a tier, a step, a platform section or a case study offers. */
export function TickList({ items, tick = "circle", size = 18, gap = "2", ...rest }: TickListProps) {
  const Tick = tick === "circle" ? CircleCheck : Check;
  return (
    <List.Root listStyleType="none" gap={gap} {...rest}>
      {items.map((item) => (
        <List.Item key={item} display="flex" gap={size > 18 ? "3" : "2"} alignItems="flex-start">
          <Box color="accent.solid" mt="0.5" flexShrink={0}>
            <Tick size={size} aria-hidden="true" strokeWidth={tick === "circle" ? 1.75 : 2} />
          </Box>
          <Text>{item}</Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
