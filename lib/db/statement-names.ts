import { createHash } from "node:crypto";

/**
 * Names for the statements this process runs again and again, so that each
 * pooled PostgreSQL connection parses and plans them once (a named prepared
 * statement) instead of on every run. Planning was half of PostgreSQL's work
 * on a call (bench:offers, issue 61: about 20 of 40 ms), most of it for
 * Prisma's statements and ours that are not `prepared()`. A text is named on
 * its third run, among the first MAX_NAMED that get there: every connection
 * keeps each named statement for its life, so the set is bounded (a list of
 * ids whose length varies is a new text each time; those stay unnamed once
 * the set is full). Only plannable statements: DDL, transaction control and
 * session settings go as they are.
 */
const MAX_NAMED = 400;
/** Texts seen but not yet named, forgotten wholesale when this many pile up. */
const MAX_SEEN = 5_000;
const RUNS_BEFORE_NAMING = 3;
const PLANNABLE = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i;

const named = new Map<string, string>();
const seen = new Map<string, number>();

export function statementName(text: string): string | undefined {
  const name = named.get(text);
  if (name || named.size >= MAX_NAMED) return name;
  const runs = (seen.get(text) ?? 0) + 1;
  if (runs < RUNS_BEFORE_NAMING) {
    if (runs === 1 && !PLANNABLE.test(text)) return undefined;
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.set(text, runs);
    return undefined;
  }
  seen.delete(text);
  const fresh = `n_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
  named.set(text, fresh);
  return fresh;
}
