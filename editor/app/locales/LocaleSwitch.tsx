import { Languages } from "lucide-react";
import type { EditorLocale } from "../../protocol.ts";
import "./locales.css";

/** Which locale's pages the page list shows: one pressed button per locale, each named in its own language. */
export function LocaleSwitch({
  locales,
  value,
  onChange,
}: {
  locales: readonly EditorLocale[];
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <div className="locale-switch" role="group" aria-labelledby="locale-switch-label">
      <span id="locale-switch-label" className="locale-switch-label">
        <Languages size={16} aria-hidden /> Language
      </span>
      {locales.map((locale) => (
        <button
          key={locale.code}
          type="button"
          lang={locale.code}
          className="locale-switch-option"
          aria-pressed={locale.code === value}
          onClick={() => onChange(locale.code)}
        >
          {locale.name}
          <span className="muted" aria-hidden>
            {" "}
            {locale.isDefault ? "source" : `/${locale.prefix}`}
          </span>
        </button>
      ))}
    </div>
  );
}
