import "server-only";
import { Resolver } from "node:dns/promises";
import { env } from "@/lib/env";

// TXT lookups for proving who controls a domain (SSO domain verification),
// through the servers DNS_SERVERS names or the system's. A fresh resolver per
// lookup: an admin who has just published a record is not answered from a
// cache that remembers its absence.

/** Each server gets this long per try... */
const TIMEOUT_MS = 2_000;
const TRIES = 2;
/** ...and the whole lookup no longer than this, however many servers there are: a request waits on it. */
const DEADLINE_MS = 8_000;

/** Answers that mean "no such record", as opposed to "could not ask". */
const ABSENT = new Set(["ENODATA", "ENOTFOUND"]);

/**
 * The TXT records of a name, each record's strings joined (a long record is
 * split in 255-byte strings). None: []. A server that does not answer in time
 * or fails: an Error whose `code` is node:dns's (ETIMEOUT, ESERVFAIL, ECANCELLED...).
 */
export async function txtRecords(name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
  const servers = env().DNS_SERVERS;
  if (servers.length) resolver.setServers(servers);
  const deadline = setTimeout(() => resolver.cancel(), DEADLINE_MS);
  try {
    return (await resolver.resolveTxt(name)).map((strings) => strings.join(""));
  } catch (error) {
    if (ABSENT.has((error as NodeJS.ErrnoException).code ?? "")) return [];
    throw error;
  } finally {
    clearTimeout(deadline);
  }
}
