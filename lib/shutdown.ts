import "server-only";
import { logger } from "@/lib/logger";
import { processSingleton, provide, provided } from "@/lib/process/process-registry";

// Work a process holds that another should take at once when it stops
// (scripts/server.mjs awaits these on SIGTERM and SIGINT, 4 s at most): a
// restart need not wait for a claim to lapse. The steps live in the process
// registry, like the hook, so every bundle's copy of this module adds to the same list.

/** Runs `step` when the server stops gracefully; a failure is logged, and the rest still run. */
export function onShutdown(step: () => Promise<void>): void {
  const steps = processSingleton<(() => Promise<void>)[]>("shutdown-steps", () => []);
  steps.push(step);
  // scripts/server.mjs runs the hook on SIGTERM and SIGINT.
  if (provided("shutdown")) return;
  provide("shutdown", () =>
    Promise.race([
      Promise.all(steps.map((s) => s().catch((error: unknown) => logger.error("shutdown step failed", { error: error instanceof Error ? error.message : String(error) })))).then(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, 4000).unref()),
    ]),
  );
}
