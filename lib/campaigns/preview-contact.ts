import "server-only";
import type { z } from "zod";
import type { previewNextAnswer } from "./campaign-answer";
import type { SessionUser } from "@/lib/auth/session-user";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { applyDecision, lockCandidates, toDialCandidate } from "./claim-contacts";
import { decideDial } from "./dial-compliance";
import { dialPolicy } from "./dispatch-campaign";
import { runSql } from "@/lib/db/run-sql";

type PreviewNext = z.output<typeof previewNextAnswer>;
type NoPreview = Omit<PreviewNext, "data">;

async function card(id: bigint) {
  const cc = await prisma.campaignContact.findUniqueOrThrow({
    where: { id },
    include: {
      campaign: { select: { id: true, name: true } },
      contact: { select: { id: true, name: true, phone: true, email: true, company: true, tags: true, notes: true, total_calls: true, last_called_at: true, last_call_outcome: true } },
    },
  });
  return {
    campaign_contact_id: Number(cc.id),
    campaign: cc.campaign,
    attempt: cc.attempts,
    // What decideDial wrote when it handed the contact over (an allowed DialDecision).
    decision: cc.decision as { checks?: string[]; local_time?: string; zones?: string[] } | null,
    contact: { ...cc.contact, id: Number(cc.contact.id) },
  };
}

/**
 * Preview mode: hands the agent the next contact of a running preview
 * campaign of their department, after the same checks as every engine dial,
 * and keeps it theirs (state dialing) until they call or skip it. Asking again
 * returns the contact already handed over.
 */
export async function nextPreviewContact({ actor }: { actor: SessionUser }): Promise<PreviewNext> {
  if (actor.department_id === null) return { data: null, reason: "no_department", message: "You are in no department, and preview campaigns belong to one." };
  const held = await prisma.campaignContact.findFirst({
    where: { assigned_user_id: actor.id, state: "dialing", last_call_sid: null, campaign: { dialing_mode: "preview", status: "running" } },
    select: { id: true },
  });
  if (held) return { data: await card(held.id) };
  const campaigns = await prisma.campaign.findMany({
    where: { organization_id: actor.organization_id, department_id: actor.department_id, status: "running", dialing_mode: "preview" },
    orderBy: { started_at: "asc" },
  });
  if (!campaigns.length) return { data: null, ...(await noCampaignRunning(actor.organization_id, actor.department_id)) };
  const byId = new Map(campaigns.map((c) => [c.id, c]));
  const now = new Date();
  const chosen = await prisma.$transaction(async (tx) => {
    for (const candidate of await lockCandidates(tx, [...byId.keys()], 20)) {
      const decision = decideDial(toDialCandidate(candidate), dialPolicy(byId.get(candidate.campaign_id)!), now);
      await applyDecision(tx, candidate.id, decision, now, decision.allowed ? actor.id : null);
      if (decision.allowed) return candidate.id;
    }
    return null;
  });
  if (chosen !== null) return { data: await card(chosen) };
  return { data: null, ...(await nothingDueNow(campaigns.map((c) => c.id))) };
}

/** Why an agent gets no contact: nothing running, or paused (and which). */
async function noCampaignRunning(organizationId: number, departmentId: number): Promise<NoPreview> {
  const paused = await prisma.campaign.findMany({
    where: { organization_id: organizationId, department_id: departmentId, status: "paused", dialing_mode: "preview" },
    select: { name: true },
    take: 3,
  });
  if (paused.length) return { reason: "paused", message: `${paused.map((c) => c.name).join(", ")} ${paused.length === 1 ? "is" : "are"} paused: a manager resumes it.` };
  return { reason: "no_running_campaign", message: "No preview campaign of your department is running." };
}

/**
 * Running campaigns with nothing to hand over now: everyone attempted, or the
 * rest due later (outside calling hours in their time zones, or waiting for a
 * retry), and when the next one is due.
 */
async function nothingDueNow(campaignIds: number[]): Promise<NoPreview> {
  const [due] = await runSql(prisma).rows<{ waiting: number; next_at: Date | null; outside_hours: number }>`
    SELECT count(*)::int AS waiting, min(next_attempt_at) AS next_at,
           count(*) FILTER (WHERE decision->>'reason' = 'outside_window')::int AS outside_hours
    FROM campaign_contacts WHERE campaign_id = ANY(${campaignIds}::int[]) AND state IN ('pending', 'retry_wait')`;
  if (!due || due.waiting === 0) return { reason: "all_attempted", message: "Everyone in your department's running preview campaigns has been attempted or is on a call." };
  if (due.outside_hours > 0)
    return { reason: "outside_calling_hours", message: "The contacts left are outside calling hours in their time zones (08:00–21:00 local, and the campaign's window).", next_at: due.next_at };
  return { reason: "retry_later", message: "The contacts left are waiting for their retry delay.", next_at: due.next_at };
}

/** The agent passes on a previewed contact: it goes back to the line, the attempt not counted. */
export async function skipPreviewContact({ actor, id }: { actor: SessionUser; id: bigint }) {
  const { count } = await prisma.campaignContact.updateMany({
    where: { id, assigned_user_id: actor.id, state: "dialing", last_call_sid: null },
    data: { state: "pending", assigned_user_id: null, attempts: { decrement: 1 }, next_attempt_at: new Date(Date.now() + 10 * 60_000) },
  });
  if (count === 0) throw AppError.notFound();
  return { skipped: true as const };
}
