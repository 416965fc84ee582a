"use client";

import { useState, type FormEvent } from "react";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { chatWidgetSchema } from "@/lib/messages/web-chat/chat-schemas";
import { FieldError } from "./field-error";

/**
 * Website chat widgets (issue 48): each names the sites allowed to show it and
 * the department that answers; its script tag goes on those sites. Checked
 * with the API's own schema before it is sent.
 */
export function ChatWidgetsManager() {
  const token = useApiToken();
  const widgets = useApiGet("/api/settings/chat-widgets", {});
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const department = String(form.get("department_id") ?? "");
    const checked = chatWidgetSchema.safeParse({
      name: String(form.get("name") ?? ""),
      allowed_origins: String(form.get("allowed_origins") ?? "")
        .split(/[\s,]+/)
        .filter(Boolean),
      department_id: department ? Number(department) : null,
      greeting: String(form.get("greeting") ?? "").trim() || null,
    });
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0] ?? "form"), [issue.message]])));
    setPending(true);
    setErrors({});
    try {
      await apiFetch("/api/settings/chat-widgets", token!, { method: "POST", body: JSON.stringify(checked.data) });
      (event.target as HTMLFormElement).reset();
      await widgets.mutate();
    } catch (e) {
      setErrors(Object.fromEntries(Object.entries(submitErrors(e)).map(([key, messages]) => [key.split(".")[0], messages])));
    } finally {
      setPending(false);
    }
  };
  const remove = async (id: number) => {
    setProblem(null);
    try {
      await apiFetch(`/api/settings/chat-widgets/${id}`, token!, { method: "DELETE" });
      await widgets.mutate();
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  return (
    <section className="panel stack" aria-labelledby="chat-widgets-title">
      <h2 id="chat-widgets-title">Website chat</h2>
      <p className="small muted">
        A chat button for your websites: visitors&apos; messages arrive in Messages as conversations of the channel Web chat, assigned like texts. Only the sites you list may show it.
      </p>
      {problem && (
        <div className="alert" role="alert">
          {problem}
        </div>
      )}
      {!widgets.data ? (
        <SkeletonRows rows={2} />
      ) : widgets.data.data.length === 0 ? (
        <p className="small muted" style={{ margin: 0 }}>
          No widget yet.
        </p>
      ) : (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {widgets.data.data.map((widget) => (
            <li key={widget.id} className="stack" style={{ gap: 4 }}>
              <div className="row" style={{ justifyContent: "space-between" }}>
                <strong>{widget.name}</strong>
                <button type="button" className="button ghost small" onClick={() => void remove(widget.id)}>
                  Remove {widget.name}
                </button>
              </div>
              <span className="small muted">Sites: {widget.allowed_origins.join(", ")}</span>
              <label className="small" htmlFor={`snippet-${widget.id}`}>
                Put this on each page of those sites
              </label>
              <input id={`snippet-${widget.id}`} className="mono" readOnly value={widget.snippet} onFocus={(e) => e.currentTarget.select()} />
            </li>
          ))}
        </ul>
      )}
      <form className="stack" aria-label="Add a chat widget" onSubmit={create} noValidate>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor="widget-name">Name</label>
          <input id="widget-name" name="name" maxLength={100} placeholder="Main website" />
          <FieldError message={errors.name?.[0]} />
        </div>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor="widget-origins">Sites allowed to show it (one per line)</label>
          <textarea id="widget-origins" name="allowed_origins" rows={2} placeholder="https://www.example.com" />
          <FieldError message={errors.allowed_origins?.[0]} />
        </div>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor="widget-department">Answered by</label>
          <select id="widget-department" name="department_id" defaultValue="">
            <option value="">The organization&apos;s first department</option>
            {(departments.data?.data ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
          <FieldError message={errors.department_id?.[0]} />
        </div>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor="widget-greeting">Greeting (optional)</label>
          <input id="widget-greeting" name="greeting" maxLength={300} placeholder="Hi! How can we help?" />
        </div>
        <div>
          <button type="submit" className="button" disabled={pending}>
            {pending ? "Adding…" : "Add the widget"}
          </button>
        </div>
      </form>
    </section>
  );
}
