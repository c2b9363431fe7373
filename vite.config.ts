import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import {
  chakraClientSystem,
  chakraTreeShaking,
  previewCards,
  siteConfigValidation,
  siteIcons,
} from "./scripts/vite-plugins.ts";

export default defineConfig({
  plugins: [
    siteConfigValidation(),
    siteIcons(),
    chakraTreeShaking(),
    chakraClientSystem(),
    previewCards(),
    reactRouter(),
  ],
  build: { target: "es2022", sourcemap: process.env.SOURCEMAP === "1" },
});
