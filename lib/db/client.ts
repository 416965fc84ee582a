import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { runInTransaction } from "./after-commit";
import { openEmbedded, openPostgres, type Driver } from "./driver";
import { processSingleton } from "@/lib/process/process-registry";

function createClient(driver: Driver) {
  const client = new PrismaClient({
    adapter: driver.adapter,
    // Secret columns never leave the database unless a query asks for them.
    omit: {
      user: { password_hash: true },
      apiToken: { token_hash: true },
      setting: { encrypted_secrets: true },
    },
    log: [{ emit: "event", level: "query" }],
  });
  // Every interactive transaction runs its after-commit work (lib/db/after-commit.ts) once it commits.
  const begin = client.$transaction.bind(client) as (fn: (tx: object) => Promise<unknown>, options?: unknown) => Promise<unknown>;
  Object.defineProperty(client, "$transaction", {
    value: (arg: unknown, options?: unknown) => (typeof arg === "function" ? runInTransaction((fn) => begin(fn, options), arg as (tx: object) => Promise<unknown>) : begin(arg as never, options)),
  });
  const slowMs = env().SLOW_QUERY_MS;
  client.$on("query", (event) => {
    if (event.duration >= slowMs) logger.warn("slow query", { ms: event.duration, query: event.query.slice(0, 500) });
  });
  return client;
}

export type Db = ReturnType<typeof createClient>;
/** A client or an interactive transaction: domain functions accept either. */
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

interface Database {
  driver: Driver;
  prisma: Db;
}

// One database per process, shared by every bundle Next.js builds (route
// handlers, instrumentation, pages) through the process registry: PGlite may be opened once.
export function database(): Database {
  return processSingleton("database", openDatabase);
}

function openDatabase(): Database {
  const { DATABASE_URL, DATA_DIR, DATABASE_POOL_SIZE } = env();
  const driver = DATABASE_URL ? openPostgres(DATABASE_URL, DATABASE_POOL_SIZE) : openEmbedded(DATA_DIR);
  return { driver, prisma: createClient(driver) };
}

/**
 * The Prisma client. Opened on first use, never at import, so `next build` can
 * load route modules without touching a database.
 */
export const prisma = new Proxy({} as Db, {
  get(_target, property) {
    const client = database().prisma;
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
