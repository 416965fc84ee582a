import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Tests read arbitrary JSON responses; typing every body would only restate them.
    files: ["e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  globalIgnores([".next/**", ".data/**", ".test-data/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
