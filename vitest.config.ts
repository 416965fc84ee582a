import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit tests: pure logic next to the code (lib/**/*.test.ts, scripts/*.test.mjs).
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Outside Next.js "server-only" throws on import; unit tests run server code.
      "server-only": path.resolve(import.meta.dirname, "e2e/support/server-only-stub.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "scripts/**/*.test.mjs"],
    environment: "node",
    // Pure functions without mocks or module state to reset: one process runs
    // many files (5 s instead of 13, issue 42).
    isolate: false,
  },
});
