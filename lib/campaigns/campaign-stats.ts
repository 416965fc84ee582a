import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { Prisma, type Campaign } from "@/lib/generated/prisma/client";
import { findCampaignForActor } from "./campaign-access";
import { callabilityOf } from "./callable-now";
import { exclusionReasonSql, selectionWhere } from "./campaign-selection";
import { dialPolicy } from "./dispatch-campaign";
import { CAMPAIGN_CONTACT_STATES, CAMPAIGN_STATUSES } from "./schemas";
import { oneOf } from "@/lib/http/answer-schemas";
import { runSql } from "@/lib/db/run-sql";
import { getSettings } from "@/lib/settings/get-settings";
import { formatInZone } from "@/lib/client/format/display";

/** Totals by state and outcome, attempts, answer and abandon rates, average talk time and progress. */
export async function campaignStats({ actor, id }: { actor: SessionUser; id: number }) {
  const campaign = await findCampaignForActor(prisma, actor, id);
  const [states, outcomes, exclusions, calls] = await Promise.all([
    prisma.campaignContact.groupBy({ by: ["state"], where: { campaign_id: id }, _count: { _all: true }, _sum: { attempts: true } }),
    prisma.campaignContact.groupBy({ by: ["last_outcome"], where: { campaign_id: id, last_outcome: { not: null } }, _count: { _all: true } }),
    prisma.campaignContact.groupBy({ by: ["exclusion_reason"], where: { campaign_id: id, state: "excluded" }, _count: { _all: true } }),
    prisma.callLog.aggregate({ where: { campaign_id: id }, _count: { _all: true }, _avg: { duration: true } }),
  ]);
  const stateCount = (state: (typeof CAMPAIGN_CONTACT_STATES)[number]) => states.find((r) => r.state === state)?._count._all ?? 0;
  const byState = {
    pending: stateCount("pending"),
    dialing: stateCount("dialing"),
    answered: stateCount("answered"),
    retry_wait: stateCount("retry_wait"),
    done: stateCount("done"),
    excluded: stateCount("excluded"),
  };
  const byOutcome = Object.fromEntries(outcomes.map((o) => [o.last_outcome!, o._count._all]));
  const total = Object.values(byState).reduce((a, b) => a + b, 0);
  const attempts = states.reduce((sum, r) => sum + (r._sum.attempts ?? 0), 0);
  const answered = (byOutcome.answered ?? 0) + (byOutcome.abandoned ?? 0) + (byOutcome.voicemail ?? 0);
  const talked = await prisma.callLog.aggregate({ where: { campaign_id: id, user_id: { not: null }, status: "completed" }, _avg: { duration: true } });
  return {
    campaign_id: campaign.id,
    status: oneOf(CAMPAIGN_STATUSES, campaign.status, "draft"),
    contacts: total,
    by_state: byState,
    by_outcome: byOutcome,
    excluded_by_reason: Object.fromEntries(exclusions.map((e) => [e.exclusion_reason ?? "unknown", e._count._all])),
    attempts,
    calls: calls._count._all,
    answer_rate: attempts ? answered / attempts : 0,
    abandon_rate: answered ? (byOutcome.abandoned ?? 0) / answered : 0,
    average_talk_seconds: Math.round(talked._avg.duration ?? 0),
    progress: total ? Math.round(((byState.done + byState.excluded) / total) * 100) : 0,
  };
}

/**
 * What starting would do, without starting: eligible and excluded contacts by
 * reason, and how long it would take at the agents available now (the
 * department's recent average handle time, 3 minutes when there is none).
 */
export async function campaignDryRun({ actor, id }: { actor: SessionUser; id: number }) {
  const campaign = await findCampaignForActor(prisma, actor, id);
  const where = await selectionWhere(campaign);
  const rows = await runSql(prisma).rows<{ reason: string | null; n: number }>(Prisma.sql`
    SELECT s.reason, count(*)::int AS n FROM (SELECT ${exclusionReasonSql(campaign.exclude_dnc)} AS reason FROM contacts c WHERE ${where}) AS s GROUP BY s.reason`);
  const eligible = rows.find((r) => r.reason === null)?.n ?? 0;
  const excluded = Object.fromEntries(rows.filter((r) => r.reason !== null).map((r) => [r.reason!, r.n]));
  const [agents] = await runSql(prisma).rows<{ n: number }>`
    SELECT count(*)::int AS n FROM agent_statuses a JOIN users u ON u.id = a.user_id
    WHERE a.organization_id = ${campaign.organization_id} AND u.department_id = ${campaign.department_id} AND a.status IN ('available', 'busy', 'wrap_up')`;
  const handle = await prisma.callLog.aggregate({
    where: { organization_id: campaign.organization_id, department_id: campaign.department_id, status: "completed", created_at: { gte: new Date(Date.now() - 30 * 86_400_000) } },
    _avg: { duration: true },
  });
  const handleSeconds = Math.round(handle._avg.duration ?? 180) + 30; // talk plus dialing and wrap-up
  const estimatedSeconds = agents.n > 0 ? Math.ceil((eligible * handleSeconds) / agents.n) : null;
  const now = await callableNow(campaign, where);
  return {
    eligible,
    excluded: Object.values(excluded).reduce((a, b) => a + b, 0),
    excluded_by_reason: excluded,
    callable_now: now.callable,
    outside_window: now.outsideWindow,
    unknown_timezone: now.unknownTimezone,
    first_callable_at: now.callable > 0 ? null : now.firstCallableAt,
    agents_on_duty: agents.n,
    average_handle_seconds: handleSeconds,
    estimated_seconds: estimatedSeconds,
    warning: eligible > 0 && now.callable === 0 ? nobodyCallable(campaign, now, (await getSettings(campaign.organization_id, "organization")).time_zone) : null,
    message: agents.n > 0 ? null : "No agent of the department is on duty: the campaign would wait for one.",
  };
}

/**
 * How many of the contacts it would call the campaign could call right now,
 * by the engine's own checks. Contacts are counted by what decides their
 * clock (a time-zone field, else the number's prefix), so a list of 100,000
 * is a few hundred groups, each decided once.
 */
async function callableNow(campaign: Campaign, where: Prisma.Sql) {
  const groups = await runSql(prisma).rows<{ tz: string | null; prefix: string; n: number }>(Prisma.sql`
    SELECT s.tz, s.prefix, count(*)::int AS n FROM (
      SELECT NULLIF(COALESCE(c.custom_fields->>'timezone', c.custom_fields->>'time_zone'), '') AS tz, left(c.phone, 10) AS prefix,
             ${exclusionReasonSql(campaign.exclude_dnc)} AS reason
      FROM contacts c WHERE ${where}) AS s
    WHERE s.reason IS NULL GROUP BY s.tz, s.prefix`);
  const now = new Date();
  const callability = callabilityOf(dialPolicy(campaign), now);
  const result = { callable: 0, outsideWindow: 0, unknownTimezone: 0, firstCallableAt: null as Date | null, sampleLocalTime: null as string | null };
  for (const group of groups) {
    const answer = callability({ phone: group.prefix, timezoneField: group.tz });
    if (answer.callable_now) result.callable += group.n;
    else if (answer.reason === "unknown_timezone") result.unknownTimezone += group.n;
    else {
      result.outsideWindow += group.n;
      result.sampleLocalTime ??= answer.local_time;
      if (answer.next_callable_at && (!result.firstCallableAt || answer.next_callable_at < result.firstCallableAt)) result.firstCallableAt = answer.next_callable_at;
    }
  }
  return result;
}

/** Why nobody is callable, with the first time one is on the organization's clock (`zone`). */
function nobodyCallable(campaign: Campaign, now: Awaited<ReturnType<typeof callableNow>>, zone: string): string {
  const window = dialPolicy(campaign).window;
  const parts = [`Nobody is callable right now.`];
  if (now.outsideWindow)
    parts.push(
      `${now.outsideWindow} contact${now.outsideWindow === 1 ? " is" : "s are"} outside the calling window ` +
        `(${window.start}–${window.end}${campaign.timezone_policy === "campaign" ? ` ${window.timezone ?? ""}` : " in their own time"}, ` +
        `never before 08:00 or after 21:00 local time)${now.sampleLocalTime ? `: it is ${now.sampleLocalTime}` : ""}.`,
    );
  if (now.unknownTimezone) parts.push(`${now.unknownTimezone} have a number whose time zone is unknown and are never dialed blind (give them a timezone field).`);
  parts.push(now.firstCallableAt ? `The first becomes callable at ${formatInZone(now.firstCallableAt, zone)}.` : "None becomes callable within a week with these days and hours.");
  return parts.join(" ");
}
