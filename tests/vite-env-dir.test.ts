// @vitest-environment node
import type { InlineConfig } from "vite";
import { describe, expect, it } from "vitest";
import { envDirNotEnvFile } from "../toolchain/vite-plugins.ts";

/** The plugin's `config` hook as Vite calls it, on a configuration it may change in place. */
function configured(config: InlineConfig): InlineConfig {
  const hook = envDirNotEnvFile().config as (config: InlineConfig) => void;
  hook(config);
  return config;
}

describe("React Router's compilers' `envFile: false`", () => {
  it("becomes `envDir: false`, the option Vite 8 asks for, so that Vite does not warn", () => {
    expect(configured({ configFile: false, envFile: false })).toEqual({ configFile: false, envDir: false });
  });

  it("leaves a configuration without it as it is", () => {
    expect(configured({ envDir: "env" })).toEqual({ envDir: "env" });
  });
});
