import type { ReactNode, RefObject } from "react";
import { ArrowLeft } from "lucide-react";
import "./topbar.css";

interface TopbarProps {
  /** The view's heading, focused when the marketer arrives from another view. */
  heading: RefObject<HTMLHeadingElement | null>;
  title: string;
  /** What the title is about, in smaller words beside it (a page's address and file, the base compared with). */
  detail: ReactNode;
  onBack: () => void;
  /** The view's own tools, at the bar's end. */
  children?: ReactNode;
}

/** The bar atop a view: the way back to the pages, the view's title, and its tools. */
export function Topbar({ heading, title, detail, onBack, children }: TopbarProps) {
  return (
    <header className="topbar">
      <button type="button" className="button button-ghost" onClick={onBack}>
        <ArrowLeft size={16} aria-hidden /> Pages
      </button>
      <div className="topbar-title">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <span className="muted">{detail}</span>
      </div>
      {children}
    </header>
  );
}
