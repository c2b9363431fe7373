/**
 * Gradients that run along the line of text. CSS has no logical gradient direction, so right to left names the
 * mirrored one: a brand gradient starts where the text starts, in both directions. Spread on a Chakra element with its
 * `gradientFrom` and `gradientTo`.
 */
export const GRADIENT_TO_END = { bgGradient: "to-r", _rtl: { bgGradient: "to-l" } } as const;

/** Down and towards the inline end: the cards' soft diagonal light. */
export const GRADIENT_TO_BOTTOM_END = { bgGradient: "to-br", _rtl: { bgGradient: "to-bl" } } as const;
