"use client";

import { useState } from "react";
import type { Page } from "@/lib/http/pagination";
import { ROLE_LABELS } from "@/lib/navigation";
import { useApi } from "@/lib/swr/use-api";
import type { ApiUser } from "@/lib/users/serialize-user";
import { EmptyState } from "@/components/ui/empty-state";
import { CreateUserForm } from "./create-user-form";

export function UsersManager() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useApi<Page<ApiUser>>(`/api/users?page=${page}&per_page=25`);

  return (
    <div style={{ display: "grid", gap: 16 }}>
      <CreateUserForm onCreated={() => mutate()} />
      {error && <div className="alert" role="alert">Could not load users: {error.message}</div>}
      {isLoading && (
        <div className="panel" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton" style={{ margin: "10px 0" }} />
          ))}
        </div>
      )}
      {data && data.data.length === 0 && <EmptyState title="No users yet" />}
      {data && data.data.length > 0 && (
        <table className="data">
          <thead>
            <tr><th>Name</th><th>Email</th><th>Role</th><th>Department</th><th>Status</th></tr>
          </thead>
          <tbody>
            {data.data.map((user) => (
              <tr key={user.id}>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>{ROLE_LABELS[user.role]}</td>
                <td>{user.department_id ?? "—"}</td>
                <td>{user.active ? "Active" : "Deactivated"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.meta.last_page > 1 && (
        <div className="row">
          <button className="button secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {data.meta.current_page} of {data.meta.last_page}</span>
          <button className="button secondary" disabled={page >= data.meta.last_page} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      )}
    </div>
  );
}
