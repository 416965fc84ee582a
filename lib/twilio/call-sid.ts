import { randomBytes } from "node:crypto";

// The provider's ids of calls: "CA" and letters or digits (32 hex in practice;
// a little looser here, as the queue has always taken them).
const CALL_SID = /^CA[0-9a-zA-Z]{10,62}$/;

export const isCallSid = (value: string): boolean => CALL_SID.test(value);

/** A call id of our own in the provider's shape (a leg the simulator plays, a requeued caller's wait). */
export const newCallSid = (): string => `CA${randomBytes(16).toString("hex")}`;

/** The same, made in SQL from the text expression `seed`: one seed, one id (a scheduled callback's entry). */
export const callSidSql = (seed: string): string => `'CA' || md5(${seed})`;

/** The provider queue a caller waits in: one per call, named after it. */
export const waitingLineName = (callSid: string | null): string => `q_${callSid ?? "<CallSid>"}`;
