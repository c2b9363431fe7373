import createCache from "@emotion/cache";

/** One key on server and client, so the client adopts the prerendered style tags instead of inserting them again. */
export const EMOTION_KEY = "css";

export const createEmotionCache = () => createCache({ key: EMOTION_KEY });
