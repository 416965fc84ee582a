import "server-only";
import type { SessionUser } from "@/lib/auth/session-user";
import { AppError, fromDatabaseError } from "@/lib/errors/app-error";
import { ONE_MEGABYTE, readJsonBody } from "@/lib/http/read-body";
import { refuseUnstorableText } from "@/lib/http/validation";
import { routeTemplate } from "@/lib/http/route-template";
import { looksLikeIntegrationKey, noteKeyRequest, resolveIntegrationKey } from "@/lib/sign-in/integrations/resolve-integration-key";
import { logger } from "@/lib/logger";
import { recordRequest } from "@/lib/metrics/metrics";
import { ScimFailure, type ScimType } from "./scim-failure";

// The one wrapper every /scim/v2 route goes through, as lib/routes/route is
// for /api: an integration key with the scim scope (read for GET, write for
// the rest), never a person's token; a bounded JSON body; the answer as
// application/scim+json; every failure in SCIM's error shape (RFC 7644 §3.12)
// with the status its clients act on; every request in the audit log under
// its key, as for any integration key.

export const SCIM_MEDIA_TYPE = "application/scim+json";

export interface ScimAnswer {
  status?: number;
  body?: unknown;
  location?: string;
}

interface ScimContext {
  actor: SessionUser;
  request: Request;
  url: URL;
  params: Record<string, string>;
  body: unknown;
}

/** The integration key a request carries, as the actor it acts as; 401 without one. */
async function keyHolder(request: Request): Promise<SessionUser> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  const actor = bearer && looksLikeIntegrationKey(bearer) ? await resolveIntegrationKey(bearer) : null;
  if (!actor?.integration_key) throw new ScimFailure(401, "An integration key with the scim scope is required (Authorization: Bearer cck_…).");
  return actor;
}

/** The scim scope: read for GET, write for the rest; 403 otherwise. */
function requireScimScope(actor: SessionUser, method: string): void {
  const granted = actor.integration_key?.scopes.scim;
  const reading = method === "GET" || method === "HEAD";
  if (granted !== "write" && !(granted === "read" && reading)) throw new ScimFailure(403, "This integration key's scopes do not include scim.");
}

/** Our domain errors in SCIM's words: a refused value is 400 invalidValue, a taken one 409 uniqueness. */
function failureOf(error: unknown): ScimFailure | null {
  if (error instanceof ScimFailure) return error;
  const appError = error instanceof AppError ? error : fromDatabaseError(error);
  if (!appError) return null;
  const detail = appError.details.errors
    ? Object.entries(appError.details.errors)
        .map(([field, reasons]) => `${field}: ${reasons.join(" ")}`)
        .join("; ")
    : appError.message;
  const types: Partial<Record<number, ScimType>> = { 409: "uniqueness", 422: "invalidValue", 413: "tooMany" };
  const status = appError.status === 422 ? 400 : appError.status;
  return new ScimFailure(status, detail, types[appError.status]);
}

function scimJson(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": SCIM_MEDIA_TYPE, ...headers } });
}

export function scimRoute(handler: (context: ScimContext) => Promise<ScimAnswer>) {
  return async (request: Request, next?: { params: Promise<Record<string, string>> }): Promise<Response> => {
    const started = performance.now();
    let actor: SessionUser | null = null;
    let response: Response;
    try {
      actor = await keyHolder(request);
      // Known from here on: a request refused for its scope is still in the key's audit trail.
      requireScimScope(actor, request.method);
      const body = request.method === "GET" || request.method === "DELETE" ? undefined : await readJsonBody(request, ONE_MEGABYTE);
      if (body !== undefined) refuseUnstorableText(body);
      const answer = await handler({ actor, request, url: new URL(request.url), params: (await next?.params) ?? {}, body });
      response = answer.body === undefined ? new Response(null, { status: answer.status ?? 204 }) : scimJson(answer.body, answer.status ?? 200, answer.location ? { Location: answer.location } : {});
    } catch (error) {
      const failure = failureOf(error);
      if (!failure) logger.error("unhandled SCIM error", { method: request.method, path: new URL(request.url).pathname, error: error instanceof Error ? error.stack : String(error) });
      const shown = failure ?? new ScimFailure(500, "Server error.");
      response = scimJson(shown.body(), shown.status, shown.status === 401 ? { "WWW-Authenticate": 'Bearer realm="scim"' } : {});
    }
    if (actor?.integration_key) await noteKeyRequest(actor, request, response.status);
    recordRequest(routeTemplate(request), request.method, response.status, (performance.now() - started) / 1000);
    return response;
  };
}
