import "server-only";
import { unstable_serialize } from "swr";
import { getAgentStatus } from "@/lib/agents/agent-status";
import { toJson } from "@/lib/http/json";
import { resolveBearer } from "@/lib/sign-in/resolve-bearer";
import { listContacts } from "@/lib/contacts/list-contacts";
import { listContactsQuery } from "@/lib/contacts/schemas";

/**
 * The answers a page would fetch first, read on the server and handed to the
 * pages' SWR cache under the keys their hooks use ([path, token]): the agent's
 * state is then in the HTML, so the Queue page and the state bar paint it at
 * once instead of after the scripts run and ask (issue 45, point 11: the Queue
 * page's largest paint waited 2.7 s for it on a phone). The answer is the
 * route's own, as JSON would carry it (dates as strings).
 */
export async function firstAnswers(token: string, handlesQueue: boolean): Promise<Record<string, unknown>> {
  if (!handlesQueue) return {};
  const actor = await resolveBearer(token);
  if (!actor) return {};
  const status = await getAgentStatus({ actor }).catch(() => null);
  return status ? { [unstable_serialize(["/api/agent/status", token])]: JSON.parse(toJson(status)) } : {};
}

/**
 * The contact list's first page as GET /api/contacts?page=1&per_page=25
 * answers it, for a manager landing on Contacts with no filter: the table is
 * in the HTML (its largest paint waited 3.2 s for the scripts and the fetch).
 */
export async function firstContactsPage(token: string): Promise<unknown> {
  const actor = await resolveBearer(token);
  if (!actor) return undefined;
  const answer = await listContacts({ actor, query: listContactsQuery.parse({ page: "1", per_page: "25" }) }).catch(() => undefined);
  return answer === undefined ? undefined : JSON.parse(toJson(answer));
}
