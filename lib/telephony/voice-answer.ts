import "server-only";

/**
 * What the service wants a call to do next, in the domain's words. Domain
 * functions answer one of these; the voice routes render it as the
 * provider's TwiML (decision 015: the provider is an adapter at the edge).
 * Paths are the service's own callback paths; the renderer makes them the
 * organization's signed callback addresses.
 */
export type VoiceAnswer =
  | { kind: "nothing" }
  | { kind: "say-and-hang-up"; message: string }
  | { kind: "enqueue"; queueName: string; waitPath: string; leavePath: string }
  | { kind: "hold-in-queue"; position: number | null; expectedWaitSeconds: number | null; callbackOffer?: { digit: string; path: string } | null }
  | { kind: "leave-queue" }
  | { kind: "dial-queue"; queueName: string }
  /** `announcementPath`: what the called person hears when they answer, before they are connected (the recording announcement, issue 47). */
  | { kind: "dial-number"; to: string; callerId: string | null; endPath: string; announcementPath?: string | null }
  /** `announcement`: said (or played) to the contact before the agent is dialed (the recording announcement, issue 47). */
  | { kind: "dial-agent"; agentId: number; callerId: string | null; legPath: string; endPath: string; announcement?: { text: string | null; audioUrl: string | null } | null }
  /** Said (or played) to one party only, then back to the call (a <Number url> document). */
  | { kind: "announce"; text: string | null; audioUrl: string | null }
  | { kind: "wait-and-ask-again"; seconds: number; path: string }
  | { kind: "menu"; prompt: string; path: string }
  /** Before a recorded call (issue 47): the announcement, said or played; with an opt-out key, the offer and a wait for it; then on to `path` either way. */
  | { kind: "consent"; text: string | null; audioUrl: string | null; optOut: { digit: string; offer: string } | null; path: string }
  | { kind: "forward"; to: string; endPath: string }
  | { kind: "voicemail"; prompt: string; path: string; transcriptionPath: string }
  | { kind: "join-conference"; conference: string; startsConference: boolean; endsConference: boolean; statusPath: string };

export const NOTHING: VoiceAnswer = { kind: "nothing" };
