"use client";

import { signOut } from "next-auth/react";

/** An API error as the pages see it: status plus the contract's body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: Record<string, string[]> } | null,
  ) {
    super(body?.message ?? `Request failed (${status})`);
  }
}

/** What a failed submit shows: the API's field errors, else its message (or the network's) as the form's own error. */
export function submitErrors(error: unknown): Record<string, string[]> {
  if (error instanceof ApiRequestError) return error.body?.errors ?? { form: [error.message] };
  return { form: [error instanceof Error ? error.message : String(error)] };
}

/** fetch for the pages: bearer token from the session, JSON both ways. */
export async function apiFetch<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Bearer ${token}`, ...init.headers },
  });
  // A revoked or expired API token ends the web session too.
  if (response.status === 401) await signOut({ callbackUrl: "/login" });
  const body = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new ApiRequestError(response.status, body);
  return body as T;
}
