import type { z } from "zod";

// One row of the API's table of routes (app/api/operations.ts).

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
