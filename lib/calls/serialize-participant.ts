import { oneOf } from "@/lib/http/answer-schemas";
import { MONITOR_MODES, PARTICIPANT_KINDS, PARTICIPANT_ROLES, PARTICIPANT_STATES } from "./live-call-answer";

/** A party of a call beyond its agent and caller, as the API shows it (live-call-answer.ts). */
export function serializeParticipant(p: {
  id: bigint;
  kind: string;
  role: string;
  user_id: number | null;
  number: string | null;
  monitor_mode: string | null;
  state: string;
  joined_at: Date | null;
  left_at: Date | null;
  user?: { name: string } | null;
}) {
  return {
    id: Number(p.id),
    kind: oneOf(PARTICIPANT_KINDS, p.kind, "number"),
    role: oneOf(PARTICIPANT_ROLES, p.role, "participant"),
    user_id: p.user_id,
    name: p.user?.name ?? null,
    number: p.number,
    monitor_mode: p.monitor_mode === null ? null : oneOf(MONITOR_MODES, p.monitor_mode, "listen"),
    state: oneOf(PARTICIPANT_STATES, p.state, "dialing"),
    joined_at: p.joined_at,
    left_at: p.left_at,
  };
}

export const PARTICIPANT_SELECT = {
  id: true,
  kind: true,
  role: true,
  user_id: true,
  number: true,
  monitor_mode: true,
  state: true,
  joined_at: true,
  left_at: true,
  user: { select: { name: true } },
} as const;
