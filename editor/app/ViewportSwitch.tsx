import { Monitor, Smartphone, Tablet } from "lucide-react";
import { VIEWPORTS, type Viewport } from "./Preview.tsx";
import "./segmented.css";

const DEVICES: Record<Viewport, { name: string; icon: typeof Monitor }> = {
  390: { name: "Phone", icon: Smartphone },
  768: { name: "Tablet", icon: Tablet },
  1366: { name: "Desktop", icon: Monitor },
};

/** The width the preview shows a page at: a phone's, a tablet's or a desktop's. */
export function ViewportSwitch({ viewport, onChange }: { viewport: Viewport; onChange: (width: Viewport) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Preview width">
      {VIEWPORTS.map((width) => {
        const { name, icon: DeviceIcon } = DEVICES[width];
        return (
          <button
            type="button"
            key={width}
            aria-pressed={viewport === width}
            title={`${width} px`}
            onClick={() => onChange(width)}
          >
            <DeviceIcon size={16} aria-hidden />
            <span className="visually-hidden">{`${name}, `}</span>
            {width}
          </button>
        );
      })}
    </div>
  );
}
