import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/client";
import { ssoRefusal } from "./sso-refusal";

// The life of one single sign-on, in one row (sso_sign_ins): opened when the
// browser is sent to the provider, answered once when the provider sends it
// back, and spent once as a ticket by the browser that opened it.

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
export const randomSecret = () => randomBytes(32).toString("base64url");

const OPEN_FOR_MS = 10 * 60_000;
const TICKET_FOR_MS = 2 * 60_000;

export async function openSsoSignIn(connectionId: number, fields: { state: string; nonce?: string; code_verifier?: string; saml_request_id?: string }) {
  const { state, ...rest } = fields;
  // Sign-ins abandoned at the provider go when the next one starts.
  await prisma.ssoSignIn.deleteMany({ where: { connection_id: connectionId, expires_at: { lt: new Date() } } });
  await prisma.ssoSignIn.create({ data: { connection_id: connectionId, state_hash: sha256(state), ...rest, expires_at: new Date(Date.now() + OPEN_FOR_MS) } });
}

/**
 * The provider's answer for a state: the row and its connection, marked
 * answered in the statement that finds it, so a replayed answer (the same
 * callback address, the same SAML response) finds nothing.
 */
export async function takeAnswer(state: string | null | undefined) {
  if (!state) throw ssoRefusal("expired");
  const stateHash = sha256(state);
  const taken = await prisma.ssoSignIn.updateMany({ where: { state_hash: stateHash, answered_at: null, expires_at: { gt: new Date() } }, data: { answered_at: new Date() } });
  if (taken.count === 0) throw ssoRefusal("expired");
  return prisma.ssoSignIn.findUniqueOrThrow({ where: { state_hash: stateHash }, include: { connection: true } });
}

/** The provider vouched for this user: a ticket the browser spends (once, within two minutes) to get its session. */
export async function issueTicket(signInId: number, userId: number): Promise<string> {
  const ticket = randomSecret();
  await prisma.ssoSignIn.update({ where: { id: signInId }, data: { user_id: userId, ticket_hash: sha256(ticket), expires_at: new Date(Date.now() + TICKET_FOR_MS) } });
  return ticket;
}

/**
 * A ticket → its user and the connection that vouched for them, deleting the row in the same statement. The state
 * must be the one the spending browser holds (its cookie): a ticket earned in
 * one browser cannot sign in another (an attacker's own sign-in pushed to a victim).
 */
export async function spendTicket(ticket: string, state: string | null | undefined) {
  const row = await prisma.ssoSignIn.findUnique({ where: { ticket_hash: sha256(ticket) }, select: { id: true, state_hash: true, expires_at: true, user_id: true, connection_id: true } });
  if (!row || !row.user_id || row.expires_at <= new Date()) throw ssoRefusal("expired");
  if (!state || sha256(state) !== row.state_hash) throw ssoRefusal("wrong_browser");
  const spent = await prisma.ssoSignIn.deleteMany({ where: { id: row.id } });
  if (spent.count === 0) throw ssoRefusal("expired");
  return { userId: row.user_id, connectionId: row.connection_id };
}
