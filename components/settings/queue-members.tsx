"use client";

import { useState } from "react";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";

/**
 * Settings → Routing, the queues and who serves them (issue 23): a
 * department's queue is served by its people and by members from other
 * departments added here; the general queue by everyone. Saved per queue.
 */
export function QueueMembers() {
  const token = useApiToken();
  const queues = useApiGet("/api/settings/routing/queues", {});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  if (!queues.data) return <SkeletonRows rows={3} />;

  const save = async (departmentId: number, memberIds: number[]) => {
    setPending(departmentId);
    setProblem(null);
    try {
      await apiFetch(`/api/settings/routing/queues/${departmentId}`, token!, { method: "PUT", body: JSON.stringify({ member_ids: memberIds }) });
      await queues.mutate();
    } catch (e) {
      setProblem(e instanceof ApiRequestError ? (Object.values(e.body?.errors ?? {}).flat()[0] ?? e.message) : (e as Error).message);
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="panel stack" aria-labelledby="queues-title">
      <h2 id="queues-title">Queues and who serves them</h2>
      <p className="small muted">
        Agents take calls from the general queue, their department&apos;s queue and the queues they are a member of; admins serve every queue. A change applies to each agent&apos;s next request.
      </p>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      <div className="table-wrap">
        <table className="data">
          <thead>
            <tr>
              <th>Queue</th>
              <th>Served by</th>
              <th>
                <span className="sr-only">Add a member</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {queues.data.data.map((queue) => {
              const departmentId = queue.department_id;
              const members = queue.servers.filter((s) => s.via === "member");
              const serving = new Set(queue.servers.map((s) => s.id));
              const candidates = queues.data!.users.filter((u) => !serving.has(u.id) && !u.serves_every_queue);
              return (
                <tr key={departmentId ?? "general"} aria-label={`${queue.name} queue`}>
                  <td>
                    <strong>{queue.name}</strong>
                  </td>
                  <td>
                    {queue.served_by_everyone ? (
                      <span className="muted">Everyone</span>
                    ) : queue.servers.length === 0 ? (
                      <span className="muted">Nobody yet: only admins take these calls.</span>
                    ) : (
                      <ul style={{ listStyle: "none", padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: 6 }}>
                        {queue.servers.map((s) => (
                          <li key={s.id} className="badge">
                            {s.name}
                            {s.via === "member" ? " (member)" : ""}
                            {s.via === "member" && departmentId !== null && (
                              <button
                                type="button"
                                className="button secondary small"
                                style={{ marginLeft: 4, padding: "0 6px" }}
                                aria-label={`Remove ${s.name} from the ${queue.name} queue`}
                                disabled={pending !== null}
                                onClick={() =>
                                  save(
                                    departmentId,
                                    members.filter((m) => m.id !== s.id).map((m) => m.id),
                                  )
                                }
                              >
                                ×
                              </button>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    {departmentId !== null && (
                      <select
                        aria-label={`Add a member to the ${queue.name} queue`}
                        value=""
                        disabled={pending !== null || candidates.length === 0}
                        onChange={(e) => e.target.value && save(departmentId, [...members.map((m) => m.id), Number(e.target.value)])}
                      >
                        <option value="">{candidates.length ? "Add a member…" : "Everyone serves it"}</option>
                        {candidates.map((u) => (
                          <option key={u.id} value={u.id}>
                            {u.name}
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
