import "server-only";
import { jobQueueRunning } from "@/lib/jobs/job-queue";
import type { Readiness } from "./schemas";
import { startupState, stopping } from "./readiness-state";
import { runSql } from "@/lib/db/run-sql";

/** How long the database has to answer SELECT 1: a load balancer's probe waits a few seconds at most. */
export const DATABASE_CHECK_MS = 1500;

/**
 * Whether this server should be sent traffic: its database answers now, start-up
 * applied the migrations and registered the job workers (and pg-boss still
 * runs), and it is not shutting down. The database is asked on every call (a
 * database that goes away turns it 503 within one probe, and back when it
 * returns); the rest are flags.
 */
export async function checkReadiness(): Promise<Readiness> {
  const started = startupState();
  const database = await databaseAnswers();
  const workers = started.workers === "pending" ? "pending" : jobQueueRunning() ? "ok" : "failing";
  const checks = { database, migrations: started.migrations, workers } as const;
  const status = stopping() ? "stopping" : checks.migrations === "pending" || checks.workers === "pending" ? "starting" : database === "ok" && workers === "ok" ? "ready" : "not_ready";
  return { status, checks };
}

async function databaseAnswers(): Promise<"ok" | "failing"> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([runSql().rows("SELECT 1"), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), DATABASE_CHECK_MS)))]);
    return "ok";
  } catch {
    return "failing";
  } finally {
    clearTimeout(timer);
  }
}
