import type { z } from "zod";

// One row of the API's table of routes (app/api/operations.ts, generated from
// each route folder's route.ts and docs.ts by scripts/route-index.mjs).

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

/** How our server answers a route ahead of the framework. */
export type Ahead = "probe" | "stream" | "callback";

export interface OperationGroup {
  path: string;
  tag: string;
  module: Partial<Record<Method | "OPTIONS", unknown>>;
  summary: Partial<Record<Method, string>>;
  /** Behaviour the specification leaves open, decided here. */
  description?: Partial<Record<Method, string>>;
  /** Statuses beyond the ones every wrapped route may answer. */
  responses?: Partial<Record<Method, Record<string, string>>>;
  /** A provider callback's form fields, name → meaning. */
  form?: Record<string, string>;
  /** A multipart/form-data upload: the file part's meaning and the schema of the other fields. */
  upload?: { file: string; fields: z.ZodType };
  /** The media type of a success that is a file rather than JSON (or the types it may be: a recording is MP3 or WAV). */
  file?: Partial<Record<Method, string | string[]>>;
  /**
   * Answered by our server ahead of the framework (lib/server/front-door.ts):
   * `probe` the readiness check, `stream` the event stream (a text/event-stream,
   * not JSON), `callback` a provider callback. Under `next dev` the same
   * handler answers through Next.js.
   */
  ahead?: Ahead;
}

/** What a route folder's docs.ts says of its route: the row but its path (the folder's) and module (route.ts). */
export type RouteDocs = Omit<OperationGroup, "path" | "module">;

/** How every paged list answers, for the routes' descriptions. */
export const LIST_NOTE = "A page: `{ data, meta: { current_page, per_page, total, last_page } }`; `page` is 1-based, `per_page` defaults to 25 and is clamped to 100.";
