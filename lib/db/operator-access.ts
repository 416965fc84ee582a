import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { processSingleton } from "@/lib/process/process-registry";

/**
 * How the command-line tools reach the server that owns an embedded data
 * folder (npm run backup). The server writes, next to its lock, the port it
 * listens on and a token made at each start, readable by its owner only
 * (0600): whoever can read the data folder could copy the database anyway, and
 * nobody else can ask the server for a copy. A restart makes a new token, so
 * one read once is worth nothing later.
 */

export interface OperatorAccess {
  pid: number;
  /** Where the tool connects: the server's port, on the interface it listens on. */
  url: string;
  token: string;
}

const FILE = "server.operator.json";
const operator = processSingleton<{ token?: string }>("operator-token", () => ({}));

/** At the embedded server's start: makes this process's token and writes where to reach it. */
export function publishOperatorAccess(dataDir: string): void {
  const token = (operator.token ??= randomBytes(32).toString("base64url"));
  // Every interface (no LISTEN_HOST) is reached on the loopback; a named one on itself.
  const host = process.env.LISTEN_HOST && process.env.LISTEN_HOST !== "0.0.0.0" ? process.env.LISTEN_HOST : "127.0.0.1";
  const access: OperatorAccess = { pid: process.pid, url: `http://${host.includes(":") ? `[${host}]` : host}:${process.env.PORT || 3000}`, token };
  const file = path.join(path.resolve(dataDir), FILE);
  // Written aside and renamed: a tool never reads half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify(access), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** What the running server published, or null when nothing readable is there. */
export function readOperatorAccess(dataDir: string): OperatorAccess | null {
  try {
    return JSON.parse(readFileSync(path.join(path.resolve(dataDir), FILE), "utf8")) as OperatorAccess;
  } catch {
    return null;
  }
}

/** Whether `token` is this process's operator token (compared in constant time). */
export function isOperatorToken(token: string | null): boolean {
  const mine = operator.token;
  if (!mine || !token) return false;
  const [a, b] = [Buffer.from(token), Buffer.from(mine)];
  return a.length === b.length && timingSafeEqual(a, b);
}
