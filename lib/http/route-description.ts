import type { z } from "zod";

// What a route handler accepts, attached to the handler itself by its wrapper
// (route(), providerRoute()) so the OpenAPI document is read off the routes
// that run, not kept beside them.

export const ROUTE_DESCRIPTION = Symbol.for("contact-center.route-description");

export type RouteDescription =
  | {
      kind: "json";
      auth?: boolean;
      permission?: string;
      body?: z.ZodType;
      query?: z.ZodType;
      params?: z.ZodType;
      maxBodyBytes?: number;
      status?: number;
      /** The success answer's shape (route()'s `answers`). */
      answers?: z.ZodType;
      /** The other success statuses' shapes (route()'s `alsoAnswers`). */
      alsoAnswers?: Record<number, z.ZodType>;
    }
  /** A provider callback: how its adapter describes it (form-encoded, signed, answered in its own format). */
  | { kind: "provider"; callback: ProviderCallbackDescription }
  /** A method the path does not serve (405): left out of the document. */
  | { kind: "not_allowed" };

/** What the provider's adapter says about every callback it answers, for the OpenAPI document. */
export interface ProviderCallbackDescription {
  description: string;
  /** Request headers the callback must carry (its signature). */
  headers: string[];
  /** The answers' media type. */
  mediaType: string;
  /** Status → what it means. */
  responses: Record<string, string>;
  /** The longest body the route reads (a longer one is refused). */
  maxBodyBytes: number;
  /** What the provider gets when answering failed outright (a 500). */
  serverError: string;
}

export type DescribedHandler = { [ROUTE_DESCRIPTION]?: RouteDescription };

export function describeRoute<H extends object>(handler: H, description: RouteDescription): H & DescribedHandler {
  return Object.assign(handler, { [ROUTE_DESCRIPTION]: description });
}

export function routeDescription(handler: unknown): RouteDescription | undefined {
  return typeof handler === "function" ? (handler as DescribedHandler)[ROUTE_DESCRIPTION] : undefined;
}
