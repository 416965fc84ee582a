import "server-only";

// What start-up has done so far, for the readiness check: kept on globalThis,
// as start-up (instrumentation) writes it and route bundles read it. The
// stopping flag is scripts/server.mjs's, set when SIGTERM or SIGINT arrives.

const KEY = Symbol.for("contact-center.readiness");
const STOPPING = Symbol.for("contact-center.stopping");
interface StartupState {
  migrations: "pending" | "ok";
  workers: "pending" | "ok";
}
const holder = globalThis as typeof globalThis & { [KEY]?: StartupState; [STOPPING]?: boolean };
const state = (holder[KEY] ??= { migrations: "pending", workers: "pending" });

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
  return holder[STOPPING] === true;
}
