import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { siteConfigValidation, siteIcons } from "./scripts/vite-plugins.ts";

export default defineConfig({
  plugins: [siteConfigValidation(), siteIcons(), reactRouter()],
  build: { target: "es2022" },
});
