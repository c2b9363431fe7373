import { Flex, type FlexProps } from "@chakra-ui/react";
import type { Card, IconName } from "../../contract/generated/schema-types.ts";
import { Icon } from "../icons/Icon.tsx";

type CardColor = NonNullable<Card["color"]>;

const tones = {
  subtle: { bg: "brand.subtle", color: "brand.fg" },
  solid: { bg: "brand.solid", color: "fg.inverted" },
  accent: { bg: "accent.solid", color: "fg.inverted" },
} as const;

interface IconTileProps extends Omit<FlexProps, "children"> {
  name: IconName;
  tone?: keyof typeof tones;
  /** A theme palette that replaces the brand colour of the "subtle" and "solid" tones (a card's own colour). */
  palette?: CardColor;
  round?: boolean;
}

const paletteTones = (palette: CardColor) => ({
  subtle: { bg: `${palette}.subtle`, color: `${palette}.fg` },
  solid: { bg: `${palette}.solid`, color: "fg.inverted" },
  accent: tones.accent,
});

/** The square (or round) tile that carries a card's icon. */
export function IconTile({ name, tone = "subtle", palette, round = false, ...rest }: IconTileProps) {
  return (
    <Flex
      w="12"
      h="12"
      flexShrink={0}
      rounded={round ? "full" : "xl"}
      align="center"
      justify="center"
      {...(palette ? paletteTones(palette) : tones)[tone]}
      {...rest}
    >
      <Icon name={name} />
    </Flex>
  );
}
