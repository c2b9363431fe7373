import { Flex, type FlexProps } from "@chakra-ui/react";
import type { IconName } from "../../contract/generated/schema-types.ts";
import { Icon } from "../icons/Icon.tsx";

const tones = {
  subtle: { bg: "brand.subtle", color: "brand.fg" },
  solid: { bg: "brand.solid", color: "fg.inverted" },
  accent: { bg: "accent.solid", color: "fg.inverted" },
} as const;

interface IconTileProps extends Omit<FlexProps, "children"> {
  name: IconName;
  tone?: keyof typeof tones;
  round?: boolean;
}

/** The square (or round) tile that carries a card's icon. */
export function IconTile({ name, tone = "subtle", round = false, ...rest }: IconTileProps) {
  return (
    <Flex
      w="12"
      h="12"
      flexShrink={0}
      rounded={round ? "full" : "xl"}
      align="center"
      justify="center"
      {...tones[tone]}
      {...rest}
    >
      <Icon name={name} />
    </Flex>
  );
}
