import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { TOAST_REMOVE_DELAY_MS } from "../api/lead-messages.ts";

/** The site's one toast queue. At most one toast shows: a new one replaces the last (spec §8). */
export const toaster = createToaster({ placement: "bottom-end", max: 1, pauseOnPageIdle: true });

export interface ToastContent {
  title: string;
  description: string;
  /** 'error' draws the destructive style. */
  type: "success" | "error";
}

/** Shows a toast in place of any other; it stays until the visitor closes it or the next one replaces it. */
export function showToast({ title, description, type }: ToastContent) {
  toaster.remove();
  return toaster.create({ title, description, type, duration: TOAST_REMOVE_DELAY_MS, closable: true });
}

// The mounted <SiteToaster /> instances, in mount order: the first one draws the toasts.
const instances: symbol[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

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
  if (!owner) return null;
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} rounded="xl" shadow="raised">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger aria-label="Close notification" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
