import "server-only";
import { processSingleton, provided } from "@/lib/process/process-registry";

// What start-up has done so far, for the readiness check: kept in the process
// registry, as start-up (instrumentation) writes it and route bundles read it.
// The stopping flag is scripts/server.mjs's, set when SIGTERM or SIGINT arrives.

interface StartupState {
  migrations: "pending" | "ok";
  workers: "pending" | "ok";
}
const state = processSingleton<StartupState>("readiness", () => ({ migrations: "pending", workers: "pending" }));

/** Start-up applied every migration file of this build (none is pending from now on). */
export function markMigrationsApplied(): void {
  state.migrations = "ok";
}

/** Start-up registered this process's job workers. */
export function markWorkersRegistered(): void {
  state.workers = "ok";
}

export function startupState(): Readonly<StartupState> {
  return state;
}

/** The server is shutting down (it drains: new work should go elsewhere). */
export function stopping(): boolean {
  return provided<boolean>("stopping") === true;
}
