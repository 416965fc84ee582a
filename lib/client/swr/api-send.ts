"use client";

import type { paths } from "@/lib/client/api/schema";
import { apiFetch } from "./api-fetch";
import { apiUrl, type GetAnswer, type GetRequest, type GetRoute } from "./use-api-get";

// The typed client's writes (issue 24): a POST, PUT, PATCH or DELETE of the
// OpenAPI document, its path parameters, its JSON body and its success answer
// (200 or 201) all come from lib/client/api/schema.d.ts, as useApiGet's reads do.

type Method = "post" | "put" | "patch" | "delete";
type Operation<P extends keyof paths, M extends Method> = paths[P][M];

/** The document's paths that take this method. */
export type SendRoute<M extends Method> = { [P in keyof paths]: Operation<P, M> extends { responses: unknown } ? P : never }[keyof paths];

type Json<R> = R extends { content: { "application/json": infer A } } ? A : never;
type Success<R> = Json<R[200 & keyof R]> | Json<R[201 & keyof R]> | Json<R[202 & keyof R]>;
/** The success answer: the JSON of each 2xx the operation lists (a 202's operation too); a 204 answers null. */
export type SendAnswer<M extends Method, P extends SendRoute<M>> = Operation<P, M> extends { responses: infer R } ? ([Success<R>] extends [never] ? null : Success<R>) : never;
/** The JSON body the operation takes. */
export type SendBody<M extends Method, P extends SendRoute<M>> = Operation<P, M> extends { requestBody: { content: { "application/json": infer B } } } ? B : undefined;
type PathParameters<M extends Method, P extends SendRoute<M>> = Operation<P, M> extends { parameters: { path: infer T } } ? T : undefined;

export type SendRequest<M extends Method, P extends SendRoute<M>> = ([PathParameters<M, P>] extends [undefined | never] ? { path?: undefined } : { path: PathParameters<M, P> }) &
  ([SendBody<M, P>] extends [undefined] ? { body?: undefined } : { body: SendBody<M, P> }) & { headers?: HeadersInit };

/** Sends a write the document describes and answers its typed success body; failures throw ApiRequestError. */
export function apiSend<M extends Method, P extends SendRoute<M>>(method: M, route: P, token: string, request: SendRequest<M, P>): Promise<SendAnswer<M, P>> {
  const { path, body, headers } = request as { path?: Record<string, unknown>; body?: unknown; headers?: HeadersInit };
  return apiFetch<SendAnswer<M, P>>(apiUrl(route, { path }), token, { method: method.toUpperCase(), body: JSON.stringify(body ?? {}), headers });
}

/** A GET of the document, typed as useApiGet's, for code that reads once instead of subscribing. */
export function apiGet<P extends GetRoute>(route: P, token: string, request: GetRequest<P>): Promise<GetAnswer<P>> {
  return apiFetch<GetAnswer<P>>(apiUrl(route, request as { path?: Record<string, unknown>; query?: Record<string, unknown> }), token);
}

/** The typed client bound to a token: what the softphone and its devices call the API with. */
export interface ApiClient {
  get<P extends GetRoute>(route: P, request: GetRequest<P>): Promise<GetAnswer<P>>;
  send<M extends Method, P extends SendRoute<M>>(method: M, route: P, request: SendRequest<M, P>): Promise<SendAnswer<M, P>>;
}

export function apiClient(token: string): ApiClient {
  return { get: (route, request) => apiGet(route, token, request), send: (method, route, request) => apiSend(method, route, token, request) };
}
