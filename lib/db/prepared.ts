import { createHash } from "node:crypto";

/**
 * A statement PostgreSQL parses and plans once per pooled connection instead
 * of on every run. For the constant statements of the busiest callbacks: the
 * queue's enqueue and abandon took longer to plan (0.4 and 0.85 ms) than to
 * run their index look-ups. Only for constant text: each distinct text is a
 * statement kept by every connection for its life.
 */
export interface PreparedSql {
  text: string;
  name: string;
}

export function prepared(text: string): PreparedSql {
  return { text, name: `s_${createHash("sha1").update(text).digest("hex").slice(0, 20)}` };
}

export type Sql = string | PreparedSql;

export const sqlText = (sql: Sql): string => (typeof sql === "string" ? sql : sql.text);
