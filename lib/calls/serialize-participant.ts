/** A party of a call beyond its agent and caller, as the API shows it. */
export function serializeParticipant(p: { id: bigint; kind: string; role: string; user_id: number | null; number: string | null; monitor_mode: string | null; state: string; joined_at: Date | null; left_at: Date | null; user?: { name: string } | null }) {
  return {
    id: Number(p.id),
    kind: p.kind,
    role: p.role,
    user_id: p.user_id,
    name: p.user?.name ?? null,
    number: p.number,
    monitor_mode: p.monitor_mode,
    state: p.state,
    joined_at: p.joined_at?.toISOString() ?? null,
    left_at: p.left_at?.toISOString() ?? null,
  };
}

export const PARTICIPANT_SELECT = { id: true, kind: true, role: true, user_id: true, number: true, monitor_mode: true, state: true, joined_at: true, left_at: true, user: { select: { name: true } } } as const;
