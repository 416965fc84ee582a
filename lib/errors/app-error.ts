// The one error type of the product. Domain code throws AppError; the route
// wrapper turns it into the contract's JSON shape and status code.

export type ErrorCode = "bad_request" | "unauthenticated" | "forbidden" | "not_found" | "conflict" | "payload_too_large" | "validation" | "rate_limited" | "unavailable" | "upstream" | "internal";

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
};

export type FieldErrors = Record<string, string[]>;

export interface AppErrorDetails {
  /** Field → reasons, rendered as `errors` in the body. */
  errors?: FieldErrors;
  /** Extra top-level body fields (e.g. duplicate_id on a phone conflict). */
  extra?: Record<string, unknown>;
  /** Response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

// The mark every AppError carries. Code wired at start-up (the telephony
// port, lib/server/startup.ts) is bundled apart from the route handlers, with
// its own copy of this module: a provider's refusal thrown there failed
// `instanceof AppError` in the route and answered 500, not 502. The mark is a
// registered symbol, the same in every copy, and instanceof looks for it.
const APP_ERROR = Symbol.for("contact-center.app-error");

export class AppError extends Error {
  readonly [APP_ERROR] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [APP_ERROR]?: boolean })[APP_ERROR] === true;
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  static unauthenticated() {
    return new AppError("unauthenticated", "Unauthenticated.");
  }
  static forbidden() {
    return new AppError("forbidden", "Forbidden.");
  }
  static notFound() {
    return new AppError("not_found", "Not found.");
  }
  static validation(errors: FieldErrors, message = "The given data was invalid.") {
    return new AppError("validation", message, { errors });
  }
  static conflict(message: string, details?: AppErrorDetails) {
    return new AppError("conflict", message, details);
  }
  /** The provider refused what we asked of it: its reason, and what we kept (502). */
  static upstream(message: string, extra?: Record<string, unknown>) {
    return new AppError("upstream", message, { extra });
  }
  static tooManyRequests(retryAfterSeconds: number, message = "Too many attempts. Please try again later.") {
    return new AppError("rate_limited", message, {
      headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}

/**
 * Database errors that mean something to the client, in one place: a unique
 * violation is a conflict, a missing record is a 404, a server too busy to
 * hand out a connection or start a transaction in time is a 503 the client
 * may retry (nothing was written). Everything else is a 500.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown })?.code;
  if (code === "P2002") {
    const field = uniqueField(error) ?? "id";
    return AppError.conflict(`The ${field} has already been taken.`, {
      errors: { [field]: [`The ${field} has already been taken.`] },
    });
  }
  if (code === "P2025") return AppError.notFound();
  if (code === "P2024" || code === "P2028") {
    return new AppError("unavailable", "The service is busy; try again in a moment.", { headers: { "Retry-After": "1" } });
  }
  return undefined;
}

interface UniqueViolationMeta {
  target?: unknown;
  driverAdapterError?: { cause?: { table?: string; constraint?: { fields?: string[]; index?: string } } };
}

/**
 * The client-facing field of a violated unique constraint. Prisma reports
 * meta.target, or through driver adapters the table and index name, e.g.
 * "contacts" + "contacts_organization_id_phone_key" → "phone" (the leading
 * scope column is the tenant, not what the client got wrong).
 */
function uniqueField(error: unknown): string | undefined {
  const meta = ((error as { meta?: UniqueViolationMeta }).meta ?? {}) as UniqueViolationMeta;
  if (Array.isArray(meta.target))
    return meta.target
      .map(String)
      .filter((f) => f !== "organization_id")
      .pop();
  const cause = meta.driverAdapterError?.cause;
  if (cause?.constraint?.fields?.length) return cause.constraint.fields.at(-1)!.replace(/"/g, "");
  const index = cause?.constraint?.index;
  if (!index || !cause?.table || !index.startsWith(`${cause.table}_`) || !index.endsWith("_key")) return undefined;
  return index.slice(cause.table.length + 1, -"_key".length).replace(/^[a-z]+_id_/, "");
}
