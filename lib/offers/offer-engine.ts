import "server-only";
import { runSql } from "@/lib/db/run-sql";
import { logger } from "@/lib/logger";
import { processSingleton } from "@/lib/process/process-registry";
import { onShutdown } from "@/lib/shutdown";
import { distributesWork, knowDistributingOrganizations, refreshDistributingOrganizations } from "./distributing-organizations";
import { onQueueMayMove, onQueueRulesChanged } from "@/lib/queue/entries/queue-may-move";
import { callPathSettings } from "@/lib/settings/get-settings";
import { endTimedWrapUps } from "@/lib/agents/end-timed-wrap-ups";
import { queueDueCallbacks } from "@/lib/queue/scheduled-callbacks/queue-due-callbacks";
import { expireOffers } from "./expire-offers";
import { ASSIGN_CONVERSATION, MAKE_OFFER, SETTLE_OFFERS, TICK_DUE } from "./offer-statements";

// The offer engine (issue 44, decision 026). A pass over an organization
// settles the offers that no longer hold, then makes offers until none can be
// made, then (where the organization assigns them) gives new conversations to
// agents until none can be given. It runs in the process where something
// changed (a caller joined or left, an agent became free, an offer was
// declined, a text arrived: queueMayMove), at once; and on every server once
// a second for the organizations that still have work to give, with the sweep
// of expired offers, timed wrap-ups and due callbacks, so a server killed
// mid-offer costs a call at most its timeout. One pass per organization at a
// time in a process; a change during a pass runs it once more after.

/** Enough for any floor: a pass that offers more than this many calls runs again on the next tick. */
const MAX_OFFERS_PER_PASS = 500;
const TICK_MS = 1000;

interface EngineState {
  running: Map<number, Promise<void>>;
  again: Set<number>;
  timer?: NodeJS.Timeout;
  ticking: boolean;
}
const engine = () => processSingleton<EngineState>("offer-engine", () => ({ running: new Map(), again: new Set(), ticking: false }));

/** Runs a pass over the organization's offers now (or once more after the one running). */
export function passOffers(organizationId: number): Promise<void> {
  const state = engine();
  const running = state.running.get(organizationId);
  if (running) {
    state.again.add(organizationId);
    return running;
  }
  const pass = (async () => {
    do {
      state.again.delete(organizationId);
      await passOnce(organizationId);
    } while (state.again.has(organizationId));
  })()
    .catch((error) => logger.error("offer pass failed", { organization_id: organizationId, error: error instanceof Error ? error.message : String(error) }))
    .finally(() => state.running.delete(organizationId));
  state.running.set(organizationId, pass);
  return pass;
}

async function passOnce(organizationId: number): Promise<void> {
  const [settled] = await runSql("unflushed").rows<{ waiting: boolean }>(SETTLE_OFFERS, [organizationId]);
  const [calls, sms] = await Promise.all([callPathSettings(organizationId, "calls"), callPathSettings(organizationId, "sms")]);
  for (let made = 0; settled?.waiting && made < MAX_OFFERS_PER_PASS; made++) {
    const [result] = await runSql("unflushed").rows<{ picked: number; offered: number; more: boolean }>(MAKE_OFFER, [organizationId, calls.sticky_agent_days]);
    // Picked but not offered is a race lost to another server: asked again whatever `more` says.
    if (!result?.picked || (result.offered && !result.more)) break;
  }
  if (!sms.assign_conversations) return;
  for (let given = 0; given < MAX_OFFERS_PER_PASS; given++) {
    const [result] = await runSql("unflushed").rows<{ assigned: number }>(ASSIGN_CONVERSATION, [organizationId]);
    if (!result?.assigned) break;
  }
}

/** Start-up: passes run on every queue change in this process, and the tick on every server. */
export function startOfferEngine(): void {
  onQueueMayMove((organizationId) => {
    if (distributesWork(organizationId)) void passOffers(organizationId);
  });
  // A queue turned to offers may have calls to offer at once: the set of organizations that distribute is read again first.
  onQueueRulesChanged(() => refreshDistributingOrganizations());
  const state = engine();
  if (state.timer) return;
  state.timer = setInterval(() => void tick(), TICK_MS);
  state.timer.unref();
  // A stopping server makes no more offers of its own (the other servers' ticks take over) and lets its passes finish.
  onShutdown(async () => {
    clearInterval(state.timer);
    await Promise.all(state.running.values());
  });
}

async function tick(): Promise<void> {
  const state = engine();
  if (state.ticking) return;
  state.ticking = true;
  try {
    // One question for all of it: an idle tick is one statement, and each step below runs only when it has work
    // (they ask nothing first). Organizations made passable by what follows
    // (an offer lapsed, a wrap-up ended, a callback due) are passed by those steps themselves.
    const [due] = await runSql().rows<{ distributing: number[]; offers_lapsed: boolean; wrapping_up: boolean; callbacks_due: boolean; to_pass: number[] }>(TICK_DUE);
    knowDistributingOrganizations(due.distributing);
    if (due.offers_lapsed) await expireOffers();
    // Timed wrap-ups (a queue's wrap_up_seconds) end here too: an agent back to Available is an offer to make.
    if (due.wrapping_up) await endTimedWrapUps();
    // Scheduled callbacks now due join their queue, offered to their owner first (whatever the queue's distribution).
    if (due.callbacks_due) await Promise.all((await queueDueCallbacks()).map((organizationId) => passOffers(organizationId)));
    await Promise.all(due.to_pass.map((organizationId) => passOffers(organizationId)));
  } catch (error) {
    logger.error("offer tick failed", { error: error instanceof Error ? error.message : String(error) });
  } finally {
    state.ticking = false;
  }
}
