import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { can, keyMay, type Permission } from "@/lib/auth/permissions";
import type { SessionUser } from "@/lib/auth/session-user";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { resolveBearer } from "@/lib/sign-in/resolve-bearer";
import { noteKeyRequest } from "@/lib/sign-in/integrations/resolve-integration-key";
import { logger } from "@/lib/logger";
import { recordRequest } from "@/lib/metrics/metrics";
import { AppError, fromDatabaseError } from "@/lib/errors/app-error";
import { jsonResponse } from "@/lib/http/json";
import { queryObject } from "@/lib/http/query-object";
import { ONE_MEGABYTE, readJsonBody } from "@/lib/http/read-body";
import { describeRoute } from "@/lib/http/route-description";
import { routeTemplate } from "@/lib/http/route-template";
import { fieldErrors, refuseUnstorableText, unstorableText, validate } from "@/lib/http/validation";
import { unknownKeys } from "@/lib/http/unknown-keys";

// The one wrapper every JSON API route goes through. In order: bearer token →
// user (401), permission (403), params/query/body validation (422), then the
// handler; AppError and database errors become the contract's status codes and
// anything unexpected a 500 with a request id, never a stack trace.
// CORS headers are added for every API path by proxy.ts.

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a handler may return when its route declares `answers`: that schema's in-memory side (Dates, say), or a Response of its own; never nothing (the document promises the answer). */
export type Answer<R> = R extends z.ZodType ? z.output<R> | Response : unknown;

interface RouteOptions<B, Q, P, R> {
  /** false for the few public routes (login); everything else needs a token. */
  auth?: boolean;
  /**
   * Also accept the browser's signed-in web session when no bearer token is
   * sent: only for GET routes a browser cannot send headers to (EventSource).
   */
  webSession?: boolean;
  permission?: Permission;
  body?: B;
  query?: Q;
  params?: P;
  /** Body size limit; the contract's default for JSON is 1 MB. */
  maxBodyBytes?: number;
  /** Status of a successful answer (201 for creations). */
  status?: number;
  /**
   * The success answer's shape (lib/http/answer-schemas.ts): the handler's
   * return type is checked against it, and the OpenAPI document (and so the
   * typed client the pages use) says exactly it: its output side, what the
   * serializer returns (a Date written as its ISO string).
   */
  answers?: R;
  /**
   * The shapes of the other statuses the route may answer with a body of
   * its own (a 202 with the operation that runs the work, the readiness
   * check's 503), by status. The handler answers those with a Response of its
   * own; the document says each.
   */
  alsoAnswers?: Record<number, Schema>;
  /**
   * false when the handler checks the body's items one by one for text the
   * database cannot store (NUL, half a surrogate pair) and reports each
   * failure itself (bulk create), so one bad item cannot refuse the rest.
   */
  refuseNulInBody?: boolean;
  /**
   * Why this route's body may carry keys its schema does not name (they are
   * then dropped). Every other body is exact: an unknown key is a 422 naming
   * it (issue 59, point 6), and a route without a body schema refuses a JSON
   * body with any key in it.
   */
  looseBody?: string;
}

interface Context<B, Q, P, Authed> {
  request: Request;
  user: Authed extends false ? SessionUser | null : SessionUser;
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  requestId: string;
}

type NextContext = { params: Promise<Record<string, string | string[]>> };

export function route<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  A extends boolean = true,
  R extends Schema | undefined = undefined,
>(options: RouteOptions<B, Q, P, R> & { auth?: A }, handler: (ctx: Context<B, Q, P, A>) => Promise<NoInfer<Answer<R>>> | NoInfer<Answer<R>>) {
  const handle = async (request: Request, next?: NextContext): Promise<Response> => {
    // Timed here, where every JSON route passes (issue 41): performance.now(), no timer object.
    const started = performance.now();
    const requestId = randomUUID();
    const caller: { user: SessionUser | null } = { user: null };
    const response = await answer(request, next, requestId, caller);
    // What a system did with its integration key is in the audit log, whatever the answer (issue 24).
    if (caller.user?.integration_key) await noteKeyRequest(caller.user, request, response.status);
    recordRequest(routeTemplate(request), request.method, response.status, (performance.now() - started) / 1000);
    return response;
  };
  const answer = async (request: Request, next: NextContext | undefined, requestId: string, caller: { user: SessionUser | null }): Promise<Response> => {
    try {
      const user = (caller.user = await authenticate(request, options.auth !== false, options.webSession === true));
      if (options.permission && (!user || !can(user.role, options.permission))) throw AppError.forbidden();
      // An integration key reaches only the resource families its scopes open.
      if (user?.integration_key && !keyMay(user.integration_key.scopes, options.permission, request.method)) throw AppError.forbidden();

      // A malformed id is an id that does not exist: 404, like any unknown record.
      const params = options.params ? parseParams(options.params, await next?.params) : undefined;
      const query = options.query ? validInput(options.query, queryObject(new URL(request.url).searchParams)) : undefined;
      const body = options.body ? validBody(options.body, await readJsonBody(request, options.maxBodyBytes ?? ONE_MEGABYTE), options) : await refuseUndeclaredBody(request);

      const result = await handler({ request, user, body, query, params, requestId } as Context<B, Q, P, A>);
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return jsonResponse(result, options.status ?? 200);
    } catch (error) {
      return errorResponse(error, requestId, request);
    }
  };
  // The OpenAPI document is built from these same options (build-openapi-document.ts).
  return describeRoute(handle, { kind: "json", ...options });
}

function parseParams<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  // A NUL or half a surrogate pair cannot be in any stored name or id: such a record does not exist.
  if (!result.success || unstorableText(result.data) !== undefined) throw AppError.notFound();
  return result.data;
}

/**
 * Validated input, with NUL characters and lone surrogates refused (422):
 * PostgreSQL cannot store them (validation.ts). Checked after parsing, so one
 * spelled inside a JSON string field (a mapping's "\u0000") is caught too.
 */
function validInput<S extends z.ZodType>(schema: S, input: unknown, refuseNul = true): z.infer<S> {
  const data = validate(schema, input);
  if (refuseNul) refuseUnstorableText(data);
  return data;
}

/** A body validated as its route declares it: exact unless the route says why not, then parsed (validInput). */
function validBody<S extends z.ZodType>(schema: S, input: unknown, options: { refuseNulInBody?: boolean; looseBody?: string }): z.infer<S> {
  const unknown = options.looseBody === undefined ? unknownKeys(schema, input).slice(0, 20) : [];
  if (unknown.length) {
    // Named beside what else is wrong with the body, so one answer says all of it.
    const parsed = schema.safeParse(input);
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...Object.fromEntries(unknown.map((key) => [key, ["is not a known field."]])) };
    throw AppError.validation(errors, `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`);
  }
  return validInput(schema, input, options.refuseNulInBody !== false);
}

/**
 * A route that declares no body takes none: a JSON body with anything in it
 * (a key, an array, a value) is refused, so `{"dry_run": true}` to a DELETE
 * cannot be taken for a confirmation it never was. Other content types are
 * the handler's (an upload reads its own multipart stream).
 */
async function refuseUndeclaredBody(request: Request): Promise<undefined> {
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) return undefined;
  // A copy: an empty object passes, and the handler then reads the body itself (a form, an upload); reading
  // the request's own stream here left it locked, and the SAML landing failed on `{}` ("ReadableStream is locked").
  const input = await readJsonBody(request.clone(), ONE_MEGABYTE);
  const empty = typeof input === "object" && input !== null && !Array.isArray(input) && Object.keys(input).length === 0;
  if (!empty) {
    const keys = typeof input === "object" && input !== null && !Array.isArray(input) ? Object.keys(input) : [];
    throw AppError.validation(
      keys.length ? Object.fromEntries(keys.slice(0, 20).map((key) => [key, ["is not a known field."]])) : { body: ["This request takes no body."] },
      "This request takes no body.",
    );
  }
  return undefined;
}

async function authenticate(request: Request, required: boolean, webSession: boolean): Promise<SessionUser | null> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const bearer = match?.[1] ?? (webSession && !header ? await webSessionToken(request) : null);
  const user = bearer ? await resolveBearer(bearer) : null;
  if (!user && required) throw AppError.unauthenticated();
  return user;
}

/**
 * The API token inside the signed-in web session (next-auth's signed cookie),
 * if any. Read from the request itself, not Next.js's request context: our
 * server calls the event stream's route outside it. The token is then checked
 * like any bearer token (revoked or expired: 401).
 */
async function webSessionToken(request: Request): Promise<string | null> {
  const cookies = Object.fromEntries(
    (request.headers.get("cookie") ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf("=");
        return at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
      }),
  );
  const jwt = await getToken({ req: { headers: request.headers, cookies } as never, secret: env().NEXTAUTH_SECRET });
  return typeof jwt?.apiToken === "string" ? jwt.apiToken : null;
}

export function errorResponse(error: unknown, requestId: string, request: Request): Response {
  const appError = error instanceof AppError ? error : fromDatabaseError(error);
  if (appError) {
    const { errors, extra, headers } = appError.details;
    return jsonResponse({ message: appError.message, ...(errors && { errors }), ...extra }, appError.status, headers);
  }
  logger.error("unhandled error", {
    request_id: requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    error: error instanceof Error ? error.stack : String(error),
  });
  return jsonResponse({ message: "Server error.", request_id: requestId }, 500);
}
