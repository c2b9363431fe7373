import { createContext, useContext } from "react";

/** The site's own language: what a page without a locale of its own is written in (site-spec.md's strings). */
export const DEFAULT_LOCALE = "en-GB";

/**
 * The language of the page being shown (a BCP 47 tag, as in `<html lang>`). Numbers and dates are written as that
 * language writes them: "4.8/5" in English is "4,8/5" in German.
 */
export const LocaleContext = createContext(DEFAULT_LOCALE);

export const useLocale = () => useContext(LocaleContext);

/** Formats by language and decimal places. Building one is slow, and a counting figure is formatted on every frame. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `value` with exactly `decimals` places, its digits, decimal mark and grouping as `locale` writes them. */
export function formatNumber(locale: string, value: number, decimals = 0): string {
  const key = `${locale} ${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A headline figure: a number with what stands before and after it ("4.8/5", "£2m"). */
interface Figure {
  value: number;
  prefix?: string;
  suffix?: string;
  decimals?: number;
}

/** A figure with its prefix and suffix, its number written as `locale` writes it; `shown` while it counts up. */
export function formatFigure(locale: string, { value, prefix = "", suffix = "", decimals }: Figure, shown = value) {
  return `${prefix}${formatNumber(locale, shown, decimals)}${suffix}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar date (`YYYY-MM-DD`) written out as `locale` writes it ("28 November 2026", "28. November 2026"). UTC on
 * both sides, so the prerendered date and the hydrated one agree whatever the visitor's time zone.
 */
export function formatDate(locale: string, isoDate: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}
