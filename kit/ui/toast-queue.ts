import { createToaster } from "@chakra-ui/react";

/**
 * The site's one toast queue. At most one toast shows: a new one replaces the last. A module of its own, shared by
 * the code that raises toasts (Toaster.tsx) and the lazily loaded list that draws them (ToastList.tsx).
 */
export const toaster = createToaster({ placement: "bottom-end", max: 1, pauseOnPageIdle: true });
