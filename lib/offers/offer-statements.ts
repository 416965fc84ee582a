import "server-only";
import { DISTRIBUTING_ORGANIZATIONS } from "./distributing-organizations";
import { prepared } from "@/lib/db/prepared";
import { announce } from "@/lib/events/announcement-sql";
import { eventRows, insertEvents } from "@/lib/events/events-sql";
import { servesQueueSql } from "@/lib/auth/scope";
import { Prisma } from "@/lib/generated/prisma/client";

// The offer engine's statements (issue 44): settle, offer, assign a
// conversation, and the tick's question. Each is one statement, so any
// number of servers may run them at once: the partial unique indexes on
// offers (one open offer per call, one per agent) turn a lost race into
// "nothing offered", never a second offer. They commit without waiting for
// the disk and announce their events themselves: an offer lost to a database
// crash is made again by the next pass, and an offer must ring at once.

/** servesQueue in SQL for the agent row `u` and a queue's department column (the wallboard's rule). */
function serves(departmentColumn: string): string {
  const sql = servesQueueSql(Prisma.raw(departmentColumn));
  if (sql.values.length) throw new Error("servesQueueSql took parameters: it cannot be prepared");
  return sql.text;
}

/** Every skill the queue `queue` (an alias) requires, held by the agent `s` at its level or above. */
const holdsRequiredSkills = (queue: string) => `NOT EXISTS (
        SELECT 1 FROM jsonb_to_recordset(${queue}.required_skills) AS r(skill text, min_level int)
        WHERE NOT EXISTS (SELECT 1 FROM user_skills k WHERE k.user_id = s.user_id AND k.skill = r.skill AND k.level >= r.min_level))`;

/**
 * The organization's ($1) agents holding an open offer, and the calls offered:
 * each read once a statement (an uncorrelated subquery, hashed), through
 * offers_open_by_organization_idx. Asked per agent and per call as NOT EXISTS,
 * the planner took the offers table for as small as its last statistics said:
 * on a floor that had grown since, every free agent's check read every offer
 * (MAKE_OFFER 3-4 ms a pass where it takes under one; issue 61, point 4).
 * Both columns are NOT NULL, so NOT IN answers what NOT EXISTS did.
 */
const AGENTS_OFFERED = "SELECT open_offer.user_id FROM offers open_offer WHERE open_offer.organization_id = $1::int AND open_offer.status = 'open'";
const CALLS_OFFERED = "SELECT open_offer.queue_entry_id FROM offers open_offer WHERE open_offer.organization_id = $1::int AND open_offer.status = 'open'";

/** The columns of a waiting call that decide who may take it, as SQL expressions. */
interface CallColumns {
  entry: string;
  owner: string;
  enqueuedAt: string;
  offerTimeout: string;
  redeclineAfter: string;
  /** True when the call has an overflow queue `ov` and is due to overflow to it. */
  overflowDue: string;
}

/** A head of MAKE_OFFER's line (`h`), with `ov` joined only once the call is due to overflow. */
const HEAD: CallColumns = {
  entry: "h.entry_id",
  owner: "h.owner_user_id",
  enqueuedAt: "h.enqueued_at",
  offerTimeout: "h.offer_timeout_seconds",
  redeclineAfter: "h.redecline_after_seconds",
  overflowDue: "ov.id IS NOT NULL",
};

/**
 * The agent `s` (agent_statuses, with `u` their user) may take the call
 * (of the queue `q`, overflowing to `ov`): available and active, with no open
 * offer, and either serving the queue with its skills or, once the call is
 * due to overflow, serving the overflow queue with that queue's own skills
 * (I3, docs/decisions/034). A scheduled callback's owner may always be
 * offered it (with the queue's skills); anyone else only once it has been due
 * for the queue's offer timeout (its owner first). Whether the agent declined
 * this call is the walk's to weigh (MAKE_OFFER), not a bar.
 */
const mayTake = (c: CallColumns) => `s.status = 'available' AND u.active
        AND ((s.user_id = ${c.owner} AND ${holdsRequiredSkills("q")})
          OR (${serves("q.department_id")} AND ${holdsRequiredSkills("q")})
          OR (${c.overflowDue} AND ${serves("ov.department_id")} AND ${holdsRequiredSkills("ov")}))
        AND (${c.owner} IS NULL OR s.user_id = ${c.owner} OR ${c.enqueuedAt} <= now() - make_interval(secs => ${c.offerTimeout}))
        AND s.user_id NOT IN (${AGENTS_OFFERED})`;

/** The agent `s` has declined the call. */
const declined = (c: CallColumns) => `EXISTS (SELECT 1 FROM offers d WHERE d.queue_entry_id = ${c.entry} AND d.user_id = s.user_id AND d.status = 'declined')`;

/** …and the last time was at least the queue's redecline_after_seconds ago (I2). */
const declinedLongEnoughAgo = (c: CallColumns) => `NOT EXISTS (SELECT 1 FROM offers d WHERE d.queue_entry_id = ${c.entry} AND d.user_id = s.user_id AND d.status = 'declined'
          AND d.answered_at > now() - make_interval(secs => ${c.redeclineAfter}))`;

/**
 * The call `e` of the queue `q` (overflowing to `ov`, joined whatever the
 * call's age) has an agent who may be offered it now: one who may take it and
 * has not declined it lately (I1, I2).
 */
function someoneMayBeOfferedIt(overflowDue: string): string {
  const call: CallColumns = { entry: "e.id", owner: "e.owner_user_id", enqueuedAt: "e.enqueued_at", offerTimeout: "q.offer_timeout_seconds", redeclineAfter: "q.redecline_after_seconds", overflowDue };
  return `EXISTS (SELECT 1 FROM agent_statuses s JOIN users u ON u.id = s.user_id
        WHERE s.organization_id = q.organization_id AND ${mayTake(call)} AND (NOT ${declined(call)} OR ${declinedLongEnoughAgo(call)}))`;
}

/** A free agent (available, active, no open offer) who may take calls of a queue by the rule in `rule`. */
const aFreeAgentWho = (rule: string) => `EXISTS (SELECT 1 FROM agent_statuses s JOIN users u ON u.id = s.user_id
        WHERE s.organization_id = q.organization_id AND s.status = 'available' AND u.active
          AND s.user_id NOT IN (${AGENTS_OFFERED}) AND ${rule})`;

/** The waiting calls of the queue `q` without an open offer, in the order they are offered. */
const WAITING_IN_Q = `e.organization_id = q.organization_id AND e.status = 'waiting'
      AND (e.department_id = q.department_id OR (q.department_id IS NULL AND e.department_id IS NULL))
      AND (q.distribution = 'offer' OR e.owner_user_id IS NOT NULL)
      AND e.id NOT IN (${CALLS_OFFERED})`;

/**
 * Settles what no longer holds: an open offer whose caller is no longer
 * waiting (they hung up, or someone took the call from the list) or whose
 * agent is no longer available is withdrawn, and the agent told why.
 * Answers whether any call now waits without an open offer (`waiting`, the
 * ones just withdrawn included: a sibling of the UPDATE reads the offers as
 * they were): when none does, no offer can be made and the pass stops here.
 * Half the passes are an agent back to Available with nobody waiting, and
 * MAKE_OFFER costs its plan's start-up (about 0.8 ms of PostgreSQL) even when
 * it finds nothing (issue 61, point 4). $1: the organization.
 */
export const SETTLE_OFFERS = prepared(`
WITH gone AS (
  UPDATE offers o SET status = 'withdrawn', answered_at = now(),
         reason = CASE WHEN e.status = 'waiting' THEN 'agent_unavailable' WHEN e.status = 'abandoned' THEN 'caller_left' ELSE 'taken' END
  FROM queue_entries e, agent_statuses s
  WHERE o.organization_id = $1::int AND o.status = 'open' AND e.id = o.queue_entry_id AND s.user_id = o.user_id
    AND (e.status <> 'waiting' OR s.status <> 'available')
  RETURNING o.id, o.user_id, o.queue_entry_id, e.call_sid, o.reason
), published AS (
  ${insertEvents(
    eventRows({
      type: "offer.withdrawn",
      record: { organization_id: "$1::int", user_id: "user_id" },
      data: { id: "id", queue_entry_id: "queue_entry_id", call_sid: "call_sid", reason: "reason" },
      from: "FROM gone",
    }),
  )}
)
SELECT (SELECT count(*) FROM (SELECT ${announce("p")} FROM published p) sent)::int AS withdrawn,
       EXISTS (SELECT 1 FROM queue_entries w WHERE w.organization_id = $1::int AND w.status = 'waiting'
                 AND (w.id NOT IN (${CALLS_OFFERED}) OR w.id IN (SELECT queue_entry_id FROM gone))) AS waiting`);

/**
 * Makes one offer: of the organization's calls waiting in offer queues with
 * no open offer, the first (highest queue priority, then longest waiting)
 * that has an agent who may take it, to the best such agent. An agent may
 * take it when available, active, serving the call's queue (or its overflow
 * queue once the call has waited `overflow_after_seconds`, with that queue's
 * skills), holding every skill the queue requires at its level, with no open
 * offer. Best: a scheduled callback's owner, or the caller's last agent within
 * the sticky window ($2 days), then the one idle longest
 * (agent_statuses.changed_at); one who declined this call only when none of
 * those is free, and the queue's redecline_after_seconds after their decline (I2). A scheduled callback (an entry with an owner)
 * is offered whatever its queue's distribution.
 *
 * Which calls are looked at (I1: whatever its position in the line): per
 * offer queue, the first waiting call without an open offer that some free
 * agent may be offered now, and the first such call due to overflow. The
 * walk skips only calls every free, qualified agent declined lately or that
 * belong to another agent's callback, so a line of calls nobody may take no
 * longer hides the ones behind it (it did when the look stopped at five).
 * Cost, since every pass runs it at least once: each walk first asks whether
 * the queue has a free agent who serves it (or its overflow queue) with its
 * skills, once, so a queue nobody free may serve costs one look, however long
 * its line; a due overflow walk reads only due calls (queue_entries_waiting_idx
 * by enqueued_at). The agent is then found by walking the available agents in
 * idle order (agent_statuses_available_idx) to the first who qualifies, after
 * one look at the sticky agent.
 * Answers whether a call was picked and whether the offer was made: picked
 * but not made is a race lost to another server (run it again); and whether
 * any other waiting call is without an offer (`more`): when none is, no other
 * offer can be made now, and the pass stops without asking again.
 */
export const MAKE_OFFER = prepared(`
WITH heads AS (
  SELECT e.id AS entry_id, e.call_sid, e.from_number, e.contact_id, e.enqueued_at, e.owner_user_id, q.id AS queue_id, q.department_id,
         q.offer_timeout_seconds, q.redecline_after_seconds, q.priority, q.required_skills, q.overflow_queue_id, q.overflow_after_seconds
  FROM queues q
  LEFT JOIN queues ov ON ov.id = q.overflow_queue_id
  CROSS JOIN LATERAL (
    -- The first call someone free may be offered under the queue's own rule (or as a callback's owner).
    (SELECT e.* FROM queue_entries e
     WHERE ${WAITING_IN_Q} AND ${someoneMayBeOfferedIt("false")}
       AND ${aFreeAgentWho(`${holdsRequiredSkills("q")} AND (${serves("q.department_id")}
             OR EXISTS (SELECT 1 FROM queue_entries o WHERE o.organization_id = q.organization_id AND o.status = 'waiting' AND o.owner_user_id = s.user_id))`)}
     ORDER BY e.enqueued_at, e.id LIMIT 1)
    UNION ALL
    -- The first call due to overflow that someone free may be offered under the overflow queue's rule.
    (SELECT e.* FROM queue_entries e
     WHERE ov.id IS NOT NULL AND ${WAITING_IN_Q} AND e.enqueued_at <= now() - make_interval(secs => q.overflow_after_seconds)
       AND ${someoneMayBeOfferedIt("true")} AND ${aFreeAgentWho(`${serves("ov.department_id")} AND ${holdsRequiredSkills("ov")}`)}
     ORDER BY e.enqueued_at, e.id LIMIT 1)
  ) e
  WHERE q.organization_id = $1::int
), picked AS (
  SELECT h.entry_id, h.call_sid, h.from_number, h.contact_id, h.queue_id, h.offer_timeout_seconds, a.user_id
  FROM heads h
  JOIN queues q ON q.id = h.queue_id
  LEFT JOIN queues ov ON ov.id = h.overflow_queue_id AND h.enqueued_at <= now() - make_interval(secs => h.overflow_after_seconds)
  LEFT JOIN LATERAL (
    SELECT c.user_id AS last_agent FROM call_logs c
    WHERE c.organization_id = $1::int AND c.phone_number = h.from_number AND c.user_id IS NOT NULL
      AND c.created_at >= now() - make_interval(days => $2::int)
    ORDER BY c.created_at DESC LIMIT 1
  ) sticky ON $2::int > 0
  CROSS JOIN LATERAL (
    SELECT chosen.user_id FROM (
      -- In rank order, and no further: the branches of a UNION ALL run one after the other
      -- (a statement that writes is never parallel), so LIMIT 1 stops at the first that
      -- finds an agent. Sorting them by rank ran all three, the third a walk of every
      -- free agent's declines (a third of the statement on a floor of 300; issue 61).
      (SELECT s.user_id, 0 AS rank FROM agent_statuses s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = COALESCE(h.owner_user_id, sticky.last_agent) AND s.organization_id = $1::int AND ${mayTake(HEAD)} AND NOT ${declined(HEAD)} LIMIT 1)
      UNION ALL
      (SELECT s.user_id, 1 AS rank FROM agent_statuses s JOIN users u ON u.id = s.user_id
        WHERE s.organization_id = $1::int AND ${mayTake(HEAD)} AND NOT ${declined(HEAD)}
        ORDER BY s.changed_at, s.user_id LIMIT 1)
      UNION ALL
      -- Only when nobody who has not declined it is free: one who did, once the queue's time since has passed.
      (SELECT s.user_id, 2 AS rank FROM agent_statuses s JOIN users u ON u.id = s.user_id
        WHERE s.organization_id = $1::int AND ${mayTake(HEAD)} AND ${declined(HEAD)} AND ${declinedLongEnoughAgo(HEAD)}
        ORDER BY s.changed_at, s.user_id LIMIT 1)
    ) chosen LIMIT 1
  ) a
  ORDER BY h.priority DESC, h.enqueued_at, h.entry_id
  LIMIT 1
), offered AS (
  INSERT INTO offers (organization_id, queue_id, queue_entry_id, user_id, expires_at)
  SELECT $1::int, queue_id, entry_id, user_id, now() + make_interval(secs => offer_timeout_seconds) FROM picked
  ON CONFLICT DO NOTHING
  RETURNING id, queue_entry_id, user_id, queue_id, expires_at
), published AS (
  ${insertEvents(
    eventRows({
      type: "offer.created",
      record: { organization_id: "$1::int", user_id: "o.user_id" },
      data: { id: "o.id", queue_entry_id: "o.queue_entry_id", call_sid: "p.call_sid", from: "p.from_number", contact_id: "p.contact_id", queue_id: "o.queue_id", expires_at: "o.expires_at" },
      from: "FROM offered o JOIN picked p ON p.entry_id = o.queue_entry_id",
    }),
  )}
)
SELECT (SELECT count(*) FROM picked)::int AS picked, (SELECT count(*) FROM offered)::int AS offered,
       (SELECT ${announce("p")} FROM published p) AS announced,
       -- Another offer needs another waiting call without one: when there is none, the pass need not ask again.
       EXISTS (SELECT 1 FROM queue_entries w WHERE w.organization_id = $1::int AND w.status = 'waiting'
                 AND w.id <> ALL (ARRAY(SELECT entry_id FROM picked))
                 AND w.id NOT IN (${CALLS_OFFERED})) AS more`);

/**
 * Gives one new inbound conversation (open, unassigned, its newest message
 * the customer's) of an organization that assigns them to an agent by the
 * offer rules: available, serving the queue of the conversation's
 * department (the general one without), holding its skills, with fewer open
 * conversations than their max_conversations; the one holding fewest, then
 * idle longest. No accept step: the agent is told (conversation.assigned, to
 * them only) and the conversation's readers see it move (conversation.updated).
 * One server assigns an organization's conversations at a time (a
 * transaction-scoped advisory lock; another server's pass finds it taken and
 * leaves the work to this one), so an agent's limit holds across servers.
 * Answers whether one was assigned. $1: the organization.
 */
export const ASSIGN_CONVERSATION = prepared(`
WITH lock AS (SELECT pg_try_advisory_xact_lock(440044, $1::int) AS held),
picked AS (
  SELECT c.id AS conversation_id, a.user_id
  FROM conversations c
  -- A department whose queue has no row yet (rows are made when queues are first read) requires no skills.
  LEFT JOIN queues q ON q.organization_id = c.organization_id AND q.department_id IS NOT DISTINCT FROM c.department_id
  JOIN messages m ON m.id = c.last_message_id AND m.direction = 'inbound'
  CROSS JOIN LATERAL (
    SELECT s.user_id FROM agent_statuses s JOIN users u ON u.id = s.user_id
    CROSS JOIN LATERAL (SELECT count(*) AS held FROM conversations o WHERE o.assigned_user_id = s.user_id AND o.status = 'open') mine
    WHERE s.organization_id = c.organization_id AND s.status = 'available' AND u.active
      AND ${serves("c.department_id")} AND ${holdsRequiredSkills("q")} AND mine.held < u.max_conversations
    ORDER BY mine.held, s.changed_at, s.user_id
    LIMIT 1
  ) a
  WHERE c.organization_id = $1::int AND c.status = 'open' AND c.assigned_user_id IS NULL AND (SELECT held FROM lock)
  ORDER BY c.last_message_at, c.id
  LIMIT 1
), assigned AS (
  UPDATE conversations c SET assigned_user_id = p.user_id, updated_at = now()
  FROM picked p WHERE c.id = p.conversation_id AND c.assigned_user_id IS NULL
  RETURNING c.id, c.organization_id, c.department_id, c.assigned_user_id, c.phone, c.contact_id, c.channel
), published AS (
  ${insertEvents(
    eventRows({
      type: "conversation.assigned",
      record: { organization_id: "organization_id", department_id: "department_id", user_id: "assigned_user_id" },
      data: { conversation_id: "id", phone: "phone", contact_id: "contact_id" },
      from: "FROM assigned",
    }),
    eventRows({
      type: "conversation.updated",
      record: { organization_id: "organization_id", department_id: "department_id", assigned_user_id: "assigned_user_id" },
      data: { conversation_id: "id", channel: "channel", assigned_user_id: "assigned_user_id" },
      from: "FROM assigned",
    }),
  )}
)
SELECT (SELECT count(*) FROM assigned)::int AS assigned, (SELECT held FROM lock) AS held,
       (SELECT count(*) FROM (SELECT ${announce("p")} FROM published p) sent)::int AS announced`);

/**
 * The organizations whose offers need a pass: a call waiting in an offer
 * queue with no open offer, an open offer that no longer holds, or a
 * conversation waiting to be assigned. The tick
 * asks it once a second on every server, so an offer a killed server would
 * have made (or an overflow whose time came) is made by another.
 */
const ORGANIZATIONS_TO_PASS = `
SELECT DISTINCT e.organization_id FROM queue_entries e
JOIN queues q ON q.organization_id = e.organization_id AND q.department_id IS NOT DISTINCT FROM e.department_id AND q.distribution = 'offer'
WHERE e.status = 'waiting' AND NOT EXISTS (SELECT 1 FROM offers x WHERE x.queue_entry_id = e.id AND x.status = 'open')
UNION
SELECT e.organization_id FROM queue_entries e
WHERE e.status = 'waiting' AND e.owner_user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM offers x WHERE x.queue_entry_id = e.id AND x.status = 'open')
UNION
SELECT o.organization_id FROM offers o JOIN queue_entries e ON e.id = o.queue_entry_id JOIN agent_statuses s ON s.user_id = o.user_id
WHERE o.status = 'open' AND (e.status <> 'waiting' OR s.status <> 'available')
UNION
SELECT c.organization_id FROM conversations c
JOIN settings st ON st.organization_id = c.organization_id AND st.key = 'sms' AND st.value->>'assign_conversations' = 'true'
WHERE c.status = 'open' AND c.assigned_user_id IS NULL`;

/**
 * The tick's one question, once a second on every server: who distributes
 * work, whether any offer has lapsed, anyone is in wrap-up or a scheduled
 * callback is due, and which organizations have offers to make or settle.
 * One statement where it was five: the tick runs whether or not anything
 * happens, on every server.
 */
export const TICK_DUE = prepared(`
SELECT ARRAY(${DISTRIBUTING_ORGANIZATIONS}) AS distributing,
       EXISTS (SELECT 1 FROM offers WHERE status = 'open' AND expires_at <= now()) AS offers_lapsed,
       EXISTS (SELECT 1 FROM agent_statuses WHERE status = 'wrap_up') AS wrapping_up,
       EXISTS (SELECT 1 FROM scheduled_callbacks WHERE status = 'scheduled' AND due_at <= now()) AS callbacks_due,
       ARRAY(${ORGANIZATIONS_TO_PASS}) AS to_pass`);
