import "server-only";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external";
import { processSingleton } from "@/lib/process/process-registry";

// The route template a request was dispatched to (/api/contacts/[id]), for the
// metrics' `route` label: a raw path would make one series per record. A route
// handler does not see its own path, so it is read from the store Next.js runs
// every route handler in (its `route`: the file's path without `/route`; not a
// public API, which e2e/api/metrics.test.ts holds to the labels it expects).
// A request our own server dispatches past Next.js (the event stream) carries
// the template it was dispatched to here instead.

const pastNext = processSingleton("route-templates", () => new WeakMap<Request, string>());

/** Said by the code that dispatches `request` to a route handler itself. */
export function dispatchedTo(request: Request, template: string): void {
  pastNext.set(request, template);
}

/** The request's route template; "unmatched" when nobody said (never its raw path). */
export function routeTemplate(request: Request): string {
  return workAsyncStorage.getStore()?.route ?? pastNext.get(request) ?? "unmatched";
}
