import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";
import { FONT_STACK } from "./fonts.tsx";
import { DIRECTIONAL_ATTRIBUTE } from "./icons/directional.ts";

const fontStack = `${FONT_STACK}, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;

/**
 * A semantic colour with one value. Chakra's defaults define several of these names per colour mode, so the value is
 * given for both modes; the site has a single, light appearance.
 */
const one = (value: string) => ({ value: { _light: value, _dark: value } });

/**
 * Chakra's full preset ships every recipe (about 90) and 13 colour palettes, which cost tens of kilobytes of JavaScript
 * on every page and thousands of CSS variables in every page's critical CSS. The site uses a handful of components and
 * palettes, so the theme is assembled from those alone. A component whose recipe is missing here renders unstyled:
 * add its recipe below when a block starts using a new Chakra component.
 */
const palettes = ["gray", "red", "green"] as const;
const pick = <T extends object>(record: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key))) as Partial<T>;

const base = defineConfig({
  preflight: true,
  cssVarsPrefix: "chakra",
  cssVarsRoot: ":where(html, .chakra-theme)",
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: pick(tokens.colors ?? {}, [
        "transparent",
        "current",
        "black",
        "white",
        "whiteAlpha",
        "blackAlpha",
        ...palettes,
      ]),
    },
    semanticTokens: {
      ...semanticTokens,
      colors: pick(semanticTokens.colors ?? {}, ["bg", "fg", "border", "focusRing", ...palettes]),
    },
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The one theme of the site. Blocks use the semantic tokens below, never raw colours. */
const config = defineConfig({
  globalCss: {
    html: { scrollPaddingTop: "80px" },
    body: { bg: "bg.canvas", color: "fg.default", fontFamily: "body" },
    // Text at any length stays in its box: a long word, an e-mail address or a URL breaks where it would overflow,
    // and counts as breakable when flex and grid items size themselves (Chakra's `* { word-wrap: break-word }` does
    // not, so a long word widened its grid column past the screen). `html *` outranks that rule.
    "html, html *": { overflowWrap: "anywhere" },
    // Right to left mirrors the icons that point a direction (kit/icons/directional.ts), and no others.
    [`[dir=rtl] [${DIRECTIONAL_ATTRIBUTE}]`]: { transform: "scaleX(-1)" },
    "*, *::before, *::after": {
      _motionReduce: {
        animationDuration: "0.01ms !important",
        transitionDuration: "0.01ms !important",
        scrollBehavior: "auto !important",
      },
    },
  },
  theme: {
    tokens: {
      fonts: { heading: { value: fontStack }, body: { value: fontStack } },
      colors: {
        navy: {
          50: { value: "#eef3fb" },
          100: { value: "#d6e2f5" },
          200: { value: "#aec4ea" },
          300: { value: "#7d9fd9" },
          400: { value: "#4f78c2" },
          500: { value: "#2f5aa8" },
          600: { value: "#234688" },
          700: { value: "#1a3567" },
          800: { value: "#122649" },
          900: { value: "#0b1a33" },
          950: { value: "#06101f" },
        },
        accent: {
          50: { value: "#e8fbf6" },
          100: { value: "#c4f3e6" },
          200: { value: "#8ee6cf" },
          300: { value: "#4fd3b3" },
          400: { value: "#1fbf98" },
          500: { value: "#0ea47f" },
          600: { value: "#0a8467" },
          700: { value: "#0b6953" },
          800: { value: "#0c5444" },
          900: { value: "#0b4539" },
          950: { value: "#032a22" },
        },
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          canvas: one("white"),
          subtle: one("{colors.navy.50}"),
          inverted: one("{colors.navy.900}"),
          card: one("white"),
        },
        fg: {
          default: one("{colors.navy.950}"),
          muted: one("#475569"),
          inverted: one("white"),
          invertedMuted: one("{colors.navy.100}"),
        },
        border: {
          subtle: one("#e2e8f0"),
        },
        brand: {
          solid: one("{colors.navy.600}"),
          emphasis: one("{colors.navy.700}"),
          fg: one("{colors.navy.600}"),
          subtle: one("{colors.navy.50}"),
        },
        accent: {
          solid: one("{colors.accent.600}"),
          fg: one("{colors.accent.700}"),
          subtle: one("{colors.accent.50}"),
        },
        focus: {
          ring: one("{colors.navy.400}"),
        },
      },
      shadows: {
        card: { value: "0 1px 2px rgba(11, 26, 51, 0.06), 0 4px 16px rgba(11, 26, 51, 0.06)" },
        raised: { value: "0 8px 30px rgba(11, 26, 51, 0.12)" },
      },
    },
  },
});

// One call with the three configs: createSystem deep-copies and merges whatever it is given, so merging them first
// would copy the whole theme twice as the islands start.
export const system = createSystem(defaultBaseConfig, base, config);
