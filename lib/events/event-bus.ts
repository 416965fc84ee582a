import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";
import type { EventRecord, Visibility } from "./event-record";
import { RIGHTS_CHANGED, SESSION_REVOKED, type StreamCloseReason } from "./event-types";
import { EVENTS_CHANNEL } from "./announcement-sql";
import { processSingleton } from "@/lib/process/process-registry";
import { listen } from "@/lib/db/listen";

// This process's end of the event stream. One LISTEN connection per process
// hears every NOTIFY (whichever process published), reads the announced rows
// and hands each to the local subscribers that want it: each subscriber
// brings its own check (lib/routes/event-stream.ts passes the API's own scope
// and permissions), so the bus knows no user, role or rule. Nothing is kept in
// memory that another process would need: the rows are the history.

export interface StoredEvent extends EventRecord {
  id: string;
  type: string;
  visibility: Visibility;
  data: Record<string, unknown>;
  created_at: string;
}

export interface Subscriber {
  userId: number;
  tokenId: number;
  /** The organization whose history a resume reads; null: every organization's (the super admin). */
  organizationId: number | null;
  /** Whether this subscriber receives the event: decided with the rights the stream was opened with, read with its token before it subscribed. */
  wants(event: StoredEvent): boolean;
  /** The events of one read, in order: one write per subscriber per burst, not one per event. */
  deliver(events: StoredEvent[]): void;
  heartbeat(): void;
  /** Ends the stream; with a reason, the server ended it (the client reconnects, or is signed out). */
  close(reason?: StreamCloseReason): void;
}

/** Taken when a stream's request arrives, before its user is read: which closings it may have missed. */
export type Arrival = number;

/** Streams one user may hold open at once, in a process. */
export const MAX_STREAMS_PER_USER = 10;
const HEARTBEAT_MS = 15_000;
const SEEN_MS = 120_000;
// Events are handed out at most this often: at 200 events a second, a
// thousand streams written once per event are 200,000 socket writes a second
// on the server and as many reads on the agents' side; gathered, they are one
// write per stream per 50 ms. An event after a quiet spell goes at once; in a
// burst, latency pays at most this, once. (bench:events, 1,000 streams on two
// servers: at 25 ms the servers spent 16% more CPU, and the p99 was higher.)
const GATHER_MS = 50;
// id as text (JavaScript numbers stop at 2^53); sort by events.id, never by this text column ("10" < "9").
// A closing heard is remembered this long, for streams whose user was read before it and subscribe after.
const CLOSINGS_MS = 60_000;
const COLUMNS = `id::text, organization_id, department_id, user_id, assigned_user_id, visibility, type, data, created_at`;

class EventBus {
  private readonly subscribers = new Set<Subscriber>();
  private started: Promise<void> | null = null;
  /** Announced and not yet handed out, in the order of their commits: the events, or the ids of those too long to announce whole. */
  private announced: (StoredEvent | string)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  private lastFlush = 0;
  /** Events already handed out (a reconnect's catch-up may read them again). */
  private readonly seen = new Map<string, number>();
  /**
   * Stream requests between arrival and subscription: their user was read from
   * the database (or is being read) but they hear nothing yet. A closing
   * announced meanwhile must still be heard, and remembered for them.
   */
  private opening = 0;
  /** Closings heard (sessions revoked, rights changed), counted, and when each user's or token's last was heard. */
  private closingsHeard = 0;
  private readonly closings = new Map<string, { heard: number; at: number }>();

  /**
   * A stream request arrived (before its user is read): what it is given back
   * to subscribe with. The bus listens from now on, so a change committed
   * after the user was read is heard, before the subscription or after it.
   */
  async arrive(): Promise<Arrival> {
    await this.start();
    this.opening += 1;
    return this.closingsHeard;
  }

  /** The request that arrived has subscribed or was refused. */
  settle(): void {
    this.opening -= 1;
  }

  /**
   * Whether the stream's rights may be stale: a closing for its user or token
   * was heard since its request arrived. Its user was read before or after
   * that change: it closes at once and reopens, reading them again.
   */
  closedSince(subscriber: Pick<Subscriber, "userId" | "tokenId">, arrival: Arrival): StreamCloseReason | null {
    const heard = (key: string) => (this.closings.get(key)?.heard ?? 0) > arrival;
    if (heard(`revoked:user:${subscriber.userId}`) || heard(`revoked:token:${subscriber.tokenId}`)) return "session_revoked";
    return heard(`rights:${subscriber.userId}`) ? "rights_changed" : null;
  }

  subscribe(subscriber: Subscriber): () => void {
    let open = 0;
    for (const other of this.subscribers) if (other.userId === subscriber.userId) open += 1;
    if (open >= MAX_STREAMS_PER_USER) throw AppError.tooManyRequests(5, `At most ${MAX_STREAMS_PER_USER} event streams per user: close another tab or stream first.`);
    this.subscribers.add(subscriber);
    return () => void this.subscribers.delete(subscriber);
  }

  /** Starts listening once per process; resolves when NOTIFYs are being heard. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await listen(
        EVENTS_CHANNEL,
        (payload) => this.announce(payload),
        () => void this.catchUp(),
      );
      setInterval(() => this.subscribers.forEach((s) => s.heartbeat()), HEARTBEAT_MS).unref();
    })().catch((error) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  /** Events of the last five minutes after `lastId` that this user may receive (a reconnect's Last-Event-ID). */
  async history(subscriber: Pick<Subscriber, "organizationId" | "wants">, lastId: bigint): Promise<StoredEvent[]> {
    const organization = subscriber.organizationId;
    const rows = await runSql().rows<StoredEvent>(
      `SELECT ${COLUMNS} FROM events WHERE id > $1 AND created_at > now() - interval '5 minutes' AND organization_id IS NOT NULL
         AND ($2::int IS NULL OR organization_id = $2::int) ORDER BY events.id LIMIT 10000`,
      [lastId.toString(), organization],
    );
    return rows.filter((event) => subscriber.wants(event));
  }

  private announce(payload: string) {
    // Nobody in this process is listening (the last stream closed), nor about to: nothing to hand out. A stream opened later resumes from the table.
    if (this.subscribers.size === 0 && this.opening === 0) return;
    const announced = parseAnnouncement(payload);
    if (!announced) return;
    this.announced.push(announced);
    this.schedule();
  }

  /** The next hand-out: at once after a quiet spell, else GATHER_MS after the last; a read under way schedules its own. */
  private schedule() {
    if (this.timer || this.reading) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.flush();
      },
      Math.max(0, this.lastFlush + GATHER_MS - Date.now()),
    );
  }

  private async flush() {
    this.lastFlush = Date.now();
    const batch = this.announced.splice(0);
    const ids = batch.filter((item): item is string => typeof item === "string");
    if (!ids.length) return this.dispatch(batch as StoredEvent[]);
    // Events announced by id are read in one statement; what arrives meanwhile waits for it, so the order holds.
    this.reading = true;
    try {
      const rows = new Map((await runSql().rows<StoredEvent>(`SELECT ${COLUMNS} FROM events WHERE id = ANY($1::bigint[])`, [ids])).map((row) => [row.id, row]));
      this.dispatch(batch.flatMap((item) => (typeof item === "string" ? (rows.get(item) ?? []) : [item])));
    } catch (error) {
      logger.error("events could not be read", { error: error instanceof Error ? error.message : String(error) });
    } finally {
      this.reading = false;
      if (this.announced.length) this.schedule();
    }
  }

  /** After the listening connection came back: what was announced meanwhile. */
  private async catchUp() {
    const rows = await runSql()
      .rows<StoredEvent>(`SELECT ${COLUMNS} FROM events WHERE created_at > now() - interval '1 minute' ORDER BY events.id`)
      .catch(() => []);
    this.dispatch(rows);
  }

  private dispatch(rows: StoredEvent[]) {
    const now = Date.now();
    const fresh = rows.filter((event) => !this.seen.has(event.id));
    for (const event of fresh) this.seen.set(event.id, now);
    if (this.seen.size > 10_000) for (const [id, at] of this.seen) if (now - at > SEEN_MS) this.seen.delete(id);
    const events: StoredEvent[] = [];
    for (const event of fresh) {
      if (event.type === SESSION_REVOKED) this.revoke(event.data as { user_id: number | null; token_ids: number[] | null });
      else if (event.type === RIGHTS_CHANGED) this.rightsChanged(event.data as { user_ids: number[] });
      else events.push(event);
    }
    if (!events.length) return;
    // Subscribers who want the same events get the very same array, so its bytes are framed once for all of them.
    const subsets = new Map<string, StoredEvent[]>();
    for (const subscriber of this.subscribers) {
      let key = "";
      for (let i = 0; i < events.length; i++) if (subscriber.wants(events[i])) key += `${i},`;
      if (!key) continue;
      let wanted = subsets.get(key);
      if (!wanted)
        subsets.set(
          key,
          (wanted = key
            .slice(0, -1)
            .split(",")
            .map((i) => events[Number(i)])),
        );
      subscriber.deliver(wanted);
    }
  }

  /** Named tokens' streams close; without tokens, every stream of the user. */
  private revoke({ user_id, token_ids }: { user_id: number | null; token_ids: number[] | null }) {
    this.heard(token_ids ? token_ids.map((id) => `revoked:token:${id}`) : [`revoked:user:${user_id}`]);
    for (const subscriber of [...this.subscribers]) {
      if (token_ids ? token_ids.includes(subscriber.tokenId) : subscriber.userId === user_id) subscriber.close("session_revoked");
    }
  }

  /** What these users may see changed: their streams close, and their clients reconnect with the rights read again. */
  private rightsChanged({ user_ids }: { user_ids: number[] }) {
    this.heard(user_ids.map((id) => `rights:${id}`));
    const users = new Set(user_ids);
    for (const subscriber of [...this.subscribers]) if (users.has(subscriber.userId)) subscriber.close("rights_changed");
  }

  /** Remembered for the requests on their way (closedSince); closings are rare, so the old ones are swept at each. */
  private heard(keys: string[]) {
    const now = Date.now();
    this.closingsHeard += 1;
    for (const [key, { at }] of this.closings) if (now - at > CLOSINGS_MS) this.closings.delete(key);
    for (const key of keys) this.closings.set(key, { heard: this.closingsHeard, at: now });
  }

  get size(): number {
    return this.subscribers.size;
  }
}

/** A NOTIFY's payload: the event as JSON, or the id of one too long to travel whole (announcement-sql.ts). */
function parseAnnouncement(payload: string): StoredEvent | string | null {
  if (/^\d+$/.test(payload)) return payload;
  try {
    const event = JSON.parse(payload) as StoredEvent;
    return typeof event?.id === "string" && /^\d+$/.test(event.id) ? event : null;
  } catch {
    return null;
  }
}

// In the process registry: route handlers are bundled apart by Next.js, each with its own module copy.
export const eventBus = (): EventBus => processSingleton("event-bus", () => new EventBus());

/** Events are kept ten minutes (resuming covers five); every process sweeps, the statement is cheap. */
export function sweepOldEvents(): void {
  const timer = setInterval(
    () =>
      void runSql()
        .rows(`DELETE FROM events WHERE created_at < now() - interval '10 minutes'`)
        .catch(() => undefined),
    60_000,
  );
  timer.unref();
}
