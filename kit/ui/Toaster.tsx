import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from "react";
import { TOAST_REMOVE_DELAY_MS } from "../api/lead-messages.ts";
import { toaster } from "./toast-queue.ts";

export interface ToastContent {
  title: string;
  description: string;
  /** 'error' draws the destructive style. */
  type: "success" | "error";
}

// The toasts' UI (and its state machine) is a chunk of its own, loaded with the first toast: most visits raise none,
// and a page's JavaScript before interaction stays within budget.
const ToastList = lazy(() => import("./ToastList.tsx"));
let requested = false;

// The mounted <SiteToaster /> instances, in mount order: the first one draws the toasts.
const instances: symbol[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Shows a toast in place of any other; it stays until the visitor closes it or the next one replaces it. */
export function showToast({ title, description, type }: ToastContent) {
  if (!requested) {
    requested = true;
    notify();
  }
  toaster.remove();
  return toaster.create({ title, description, type, duration: TOAST_REMOVE_DELAY_MS, closable: true });
}

/**
 * Renders the toasts. Any block that raises toasts renders this; only the first one mounted on a page draws them,
 * so two such blocks on one page never show a toast twice. Nothing is prerendered: toasts exist only after a visit.
 */
export function SiteToaster() {
  const [self] = useState(() => Symbol("toaster"));
  useEffect(() => {
    instances.push(self);
    notify();
    return () => {
      instances.splice(instances.indexOf(self), 1);
      notify();
    };
  }, [self]);
  const owner = useSyncExternalStore(
    subscribe,
    () => instances[0] === self,
    () => false,
  );
  const needed = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!owner || !needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
