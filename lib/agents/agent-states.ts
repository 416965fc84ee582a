// An agent's states as a state machine (issue 61, point 3; docs/decisions/034):
// every state, everything that may move an agent, and for each of those the
// moves it may make. lib/agents/move-agents.ts, the one writer of an agent's
// state, refuses any other move in the statement that would make it; the
// README's table is this one, drawn by `agentStateTable()` (a unit test keeps
// the two the same).

/** The states an agent chooses. */
export const CHOSEN_STATUSES = ["available", "busy", "wrap_up", "offline"] as const;
/**
 * Every state: those chosen, and `missed`, a not-ready state the offer engine
 * sets when an offer went unanswered (issue 44): the agent is offered nothing
 * until they choose Available again.
 */
export const AGENT_STATUSES = [...CHOSEN_STATUSES, "missed"] as const;
export type AgentState = (typeof AGENT_STATUSES)[number];

/**
 * What moves an agent. Only the agent, a supervisor and the documented timers
 * change a not-ready state (I4); a call moves an agent to Busy when it starts
 * and, when it ends, to wrap-up or back to the state it began in.
 */
export const AGENT_MOVERS = ["agent", "supervisor", "call_starts", "call_ends", "timer"] as const;
export type AgentMover = (typeof AGENT_MOVERS)[number];

type Moves = Readonly<Partial<Record<AgentState, readonly AgentState[]>>>;

const ANY_CHOICE = CHOSEN_STATUSES;

/** For each mover, from each state, the states it may move an agent to. A pair not here is refused. */
export const AGENT_TRANSITIONS: Readonly<Record<AgentMover, Moves>> = {
  // Any chosen state, from any state; Available is refused (409) to an agent on a connected call.
  agent: { available: ANY_CHOICE, busy: ANY_CHOICE, wrap_up: ANY_CHOICE, missed: ANY_CHOICE, offline: ANY_CHOICE },
  // Ending a user's sessions (an admin, or SCIM) with a caller accepted but not joined: that caller goes back, the agent Offline.
  supervisor: { available: ["offline"], busy: ["offline"], wrap_up: ["offline"], missed: ["offline"], offline: ["offline"] },
  // An accepted offer, a claimed caller, a transfer or third party, a campaign line, a call placed: Busy,
  // the state it began in remembered. Only a call the agent places starts from a not-ready state.
  call_starts: { available: ["busy"], busy: ["busy"], wrap_up: ["busy"], missed: ["busy"], offline: ["busy"] },
  // Wrap-up after a conversation, else the state the call began in; a reservation no line used: Available again.
  call_ends: { busy: ["wrap_up", "available", "busy", "missed", "offline"] },
  // An offer that ran out unanswered (Missed); a queue's wrap_up_seconds (back to the state the call began in);
  // an accepted caller whose phone never joined within ACCEPT_CONNECT_SECONDS (Offline; the agent may have chosen
  // Wrap-up meanwhile).
  timer: { available: ["missed"], busy: ["offline"], wrap_up: ["available", "busy", "missed", "offline"] },
};

/** `from>to` for each move `mover` may make: what move-agents.ts checks each move against. */
export function allowedMoves(mover: AgentMover): string[] {
  return Object.entries(AGENT_TRANSITIONS[mover]).flatMap(([from, to]) => (to ?? []).map((state) => `${from}>${state}`));
}

export function mayMove(mover: AgentMover, from: AgentState, to: AgentState): boolean {
  return AGENT_TRANSITIONS[mover][from]?.includes(to) ?? false;
}

const LABEL: Record<AgentState, string> = { available: "Available", busy: "Busy", wrap_up: "Wrap-up", missed: "Missed", offline: "Offline" };
const MOVER_LABEL: Record<AgentMover, string> = {
  agent: "the agent chooses",
  supervisor: "a supervisor ends their sessions",
  call_starts: "a call starts",
  call_ends: "a call ends",
  timer: "a timer",
};

/** The table as Markdown, rows by the state an agent is in: the README shows it. */
export function agentStateTable(): string {
  const header = `| from | ${AGENT_MOVERS.map((mover) => MOVER_LABEL[mover]).join(" | ")} |`;
  const rule = `|---|${AGENT_MOVERS.map(() => "---").join("|")}|`;
  const rows = AGENT_STATUSES.map((from) => `| ${LABEL[from]} | ${AGENT_MOVERS.map((mover) => AGENT_TRANSITIONS[mover][from]?.map((to) => LABEL[to]).join(", ") || "—").join(" | ")} |`);
  return [header, rule, ...rows].join("\n");
}
