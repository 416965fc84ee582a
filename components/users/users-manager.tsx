"use client";

import { useSession } from "next-auth/react";
import { useEffect, useState } from "react";
import { ROLE_LABELS } from "@/lib/navigation";
import { useApiGet, type GetAnswer } from "@/lib/client/swr/use-api-get";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { CreateUserForm } from "./create-user-form";
import { EditUserDialog } from "./edit-user-dialog";

/** A user as GET /api/users lists them. */
type ListedUser = GetAnswer<"/api/users">["data"][number];

/** The roles an actor may hand out (the API checks again). */
function assignableRoles(actorRole: string | undefined): string[] {
  const roles = ["agent", "dept_manager", "account_admin"];
  return actorRole === "super_admin" ? [...roles, "super_admin"] : roles;
}

export function UsersManager() {
  const session = useSession().data;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [editing, setEditing] = useState<ListedUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [search]);
  const { data, error, isLoading, mutate } = useApiGet("/api/users", { query: { page, per_page: 25, q: q || undefined } }, { keepPreviousData: true });
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  const departmentName = new Map((departments.data?.data ?? []).map((d) => [d.id, d.name]));

  return (
    <div className="stack">
      <CreateUserForm onCreated={() => mutate()} />
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <div className="panel stack">
        <div className="field" style={{ maxWidth: 360, margin: 0 }}>
          <label htmlFor="users-search">Search users</label>
          <input id="users-search" type="search" placeholder="Name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {error && (
          <div className="alert" role="alert">
            Could not load users: {error.message}
          </div>
        )}
        {isLoading && !data && <SkeletonRows rows={3} label="Loading users" />}
        {data && data.data.length === 0 && <EmptyState title={q ? `No user matches “${q}”` : "No users yet"} />}
        {data && data.data.length > 0 && (
          <div className="table-wrap">
            <table className="data" aria-label="Users">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Department</th>
                  <th scope="col">Skills</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((user) => (
                  <tr key={user.id}>
                    <td>{user.name}</td>
                    <td>{user.email}</td>
                    <td>{ROLE_LABELS[user.role]}</td>
                    <td>{user.department_id === null ? "—" : (departmentName.get(user.department_id) ?? "…")}</td>
                    <td>
                      {user.skills.length === 0 ? (
                        <span className="muted">—</span>
                      ) : (
                        user.skills.map((s) => (
                          <span key={s.skill} className="badge" style={{ marginRight: 4 }}>
                            {s.skill} {s.level}
                          </span>
                        ))
                      )}
                    </td>
                    <td>{user.active ? <span className="badge ok">Active</span> : <span className="badge">Deactivated</span>}</td>
                    <td>
                      <button
                        type="button"
                        className="button ghost small"
                        onClick={() => {
                          setNotice(null);
                          setEditing(user);
                        }}
                        aria-label={`Edit ${user.name}`}
                      >
                        Edit
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pager meta={data.meta} onPage={setPage} />}
      </div>
      {editing && (
        <EditUserDialog
          user={editing}
          self={editing.id === session?.user?.id}
          roles={assignableRoles(session?.user?.role)}
          departments={departments.data?.data ?? []}
          onClose={() => setEditing(null)}
          onSkillsSaved={(message) => {
            setNotice(message);
            void mutate();
          }}
          onSaved={(message) => {
            setEditing(null);
            setNotice(message);
            void mutate();
          }}
        />
      )}
    </div>
  );
}
