import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { processSingleton } from "@/lib/process/process-registry";

// Who may use a chat widget, decided on every request: the widget the request
// names (its public key), used from a site it allows (the browser's Origin,
// which a page cannot forge), and for a visitor's own conversation, their
// token. Nothing here trusts what the page says about itself beyond that.

export interface ChatWidgetAccess {
  id: number;
  organization_id: number;
  department_id: number | null;
  allowed_origins: string[];
  greeting: string | null;
}

// A burst of visitors asks for the same widget many times a second: each
// process remembers a widget for two seconds (a changed list of sites applies
// within them).
const REMEMBER_MS = 2000;
const remembered = processSingleton("chat-widgets", () => new Map<string, { at: number; widget: Promise<ChatWidgetAccess | null> }>());

function widgetByKey(key: string): Promise<ChatWidgetAccess | null> {
  const hit = remembered.get(key);
  if (hit && Date.now() - hit.at < REMEMBER_MS) return hit.widget;
  const widget = /^[0-9a-f]{24}$/.test(key)
    ? prisma.chatWidget.findUnique({ where: { public_key: key }, select: { id: true, organization_id: true, department_id: true, allowed_origins: true, greeting: true } })
    : Promise.resolve(null);
  remembered.set(key, { at: Date.now(), widget });
  if (remembered.size > 10_000) remembered.clear();
  return widget;
}

/** The widget a request names, from a site it allows: 404 for no such widget, 403 for another site (or none). */
export async function widgetFor(key: string, origin: string | null): Promise<ChatWidgetAccess> {
  const widget = await widgetByKey(key);
  if (!widget) throw AppError.notFound();
  if (!origin || !widget.allowed_origins.includes(origin.toLowerCase())) throw new AppError("forbidden", "This site may not use this chat.");
  return widget;
}

/** Cross-origin headers for a widget's own sites only. */
export async function chatCorsHeaders(key: string, origin: string | null, preflight = false): Promise<Headers> {
  const headers = new Headers({ Vary: "Origin" });
  const widget = origin ? await widgetByKey(key).catch(() => null) : null;
  if (!widget || !origin || !widget.allowed_origins.includes(origin.toLowerCase())) return headers;
  headers.set("Access-Control-Allow-Origin", origin);
  if (preflight) {
    headers.set("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    headers.set("Access-Control-Allow-Headers", "Content-Type, X-Visitor-Token");
    headers.set("Access-Control-Max-Age", "7200");
  }
  return headers;
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new visitor's token: random, kept only hashed. */
export function newVisitorToken(): { token: string; hash: string } {
  const token = `cv_${randomBytes(32).toString("base64url")}`;
  return { token, hash: hash(token) };
}

/** The visitor a token names, of this widget: 401 for none (a visitor of another widget or organization included). */
export async function visitorFor(widget: ChatWidgetAccess, token: string | null) {
  if (!token || !/^cv_[\w-]{43}$/.test(token)) throw AppError.unauthenticated();
  const visitor = await prisma.chatVisitor.findUnique({ where: { token_hash: hash(token) }, select: { id: true, widget_id: true, organization_id: true, conversation_id: true, email: true } });
  if (!visitor || visitor.widget_id !== widget.id) throw AppError.unauthenticated();
  return visitor;
}
