"use client";

import type { SWRConfiguration } from "swr";
import type { paths } from "@/lib/client/api/schema";
import { useApi } from "./use-api";

// The typed client (issue 24): a GET route of the OpenAPI document, its path
// and query parameters, and the shape of its 200 answer all come from
// lib/client/api/schema.d.ts, generated from the document (npm run api:types), so a
// page and the API cannot disagree without the type check saying so.

type Operation<P extends keyof paths> = paths[P]["get"];

/** The document's paths that answer GET with JSON. */
export type GetRoute = {
  [P in keyof paths]: Operation<P> extends { responses: { 200: { content: { "application/json": unknown } } } } ? P : never;
}[keyof paths];

/** The 200 answer of a GET route. */
export type GetAnswer<P extends GetRoute> = Operation<P> extends { responses: { 200: { content: { "application/json": infer A } } } } ? A : never;

type Parameters<P extends GetRoute> = Operation<P> extends { parameters: infer R } ? R : never;
type PathParameters<P extends GetRoute> = Parameters<P> extends { path: infer T } ? T : never;
type QueryParameters<P extends GetRoute> = Parameters<P> extends { query?: infer T } ? T : never;

export type GetRequest<P extends GetRoute> = ([PathParameters<P>] extends [never | undefined] ? { path?: undefined } : { path: PathParameters<P> }) & {
  query?: QueryParameters<P>;
};

/** /api/contacts/{id} with { path: { id: 7 }, query: { page: 2 } } → /api/contacts/7?page=2 (undefined and null query values left out). */
export function apiUrl(route: string, request: { path?: Record<string, unknown>; query?: Record<string, unknown> } = {}): string {
  const path = route.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(request.path?.[name] ?? "")));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** SWR over a GET route of the document; `request` null pauses it. */
export function useApiGet<P extends GetRoute>(route: P, request: GetRequest<P> | null, config?: SWRConfiguration<GetAnswer<P>>) {
  return useApi<GetAnswer<P>>(request === null ? null : apiUrl(route, request as { path?: Record<string, unknown>; query?: Record<string, unknown> }), config);
}
