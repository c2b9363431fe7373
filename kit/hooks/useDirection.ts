import { createContext, useContext } from "react";
import type { Direction } from "../direction.ts";

/**
 * The direction of the page being shown (the islands runtime gives it from `<html dir>`). Layout follows it through
 * logical CSS alone; a component reads it only where a visitor's gesture has a side (an arrow key moving a carousel),
 * so that a page renders the same markup in both directions.
 */
export const DirectionContext = createContext<Direction>("ltr");

export const useDirection = () => useContext(DirectionContext);
