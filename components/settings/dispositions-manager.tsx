"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { useState, type FormEvent } from "react";
import { createDispositionSchema } from "@/lib/calls/dispositions/schemas";
import { fieldErrors } from "@/lib/http/validation";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { SkeletonRows } from "@/components/ui/skeleton-rows";

/** Settings → Dispositions: the codes agents pick at wrap-up, in order, and whether one is required. */
export function DispositionsManager() {
  const token = useApiToken();
  const list = useApiGet("/api/dispositions", { query: { include_archived: "true" } });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  if (!list.data) return <SkeletonRows rows={4} />;

  const call = async (path: string, method: string, body?: object) => {
    setPending(true);
    setErrors({});
    try {
      await apiFetch(path, token!, { method, ...(body && { body: JSON.stringify(body) }) });
      await list.mutate();
      return true;
    } catch (e) {
      setErrors(e instanceof ApiRequestError ? (e.body?.errors ?? { form: [e.message] }) : { form: [(e as Error).message] });
      return false;
    } finally {
      setPending(false);
    }
  };
  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const parsed = createDispositionSchema.safeParse({ name: String(f.get("name") ?? ""), is_success: f.get("is_success") === "on" });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (await call("/api/dispositions", "POST", parsed.data)) form.reset();
  };
  const active = list.data.data.filter((d) => !d.archived);
  const archived = list.data.data.filter((d) => d.archived);

  return (
    <section className="panel stack" aria-labelledby="dispositions-title">
      <h2 id="dispositions-title">Wrap-up dispositions</h2>
      <p className="small muted">Agents pick one of these when a call ends; reports count calls by disposition, and a campaign call&apos;s disposition becomes its contact&apos;s outcome.</p>
      <label className="row" style={{ alignItems: "center" }}>
        <input type="checkbox" checked={list.data.required} disabled={pending} onChange={(e) => call("/api/settings/calls", "PUT", { disposition_required: e.target.checked })} />
        Agents must pick a disposition before leaving wrap-up (default: off)
      </label>
      {active.length === 0 ? (
        <p className="muted">No dispositions yet: add the outcomes your team records, such as “Sale” or “Wrong number”.</p>
      ) : (
        <div className="table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th>Name</th>
                <th>Counts as success</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {active.map((d) => (
                <tr key={d.id}>
                  <td>{d.name}</td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${d.name} counts as success`}
                      checked={d.is_success}
                      disabled={pending}
                      onChange={(e) => call(`/api/dispositions/${d.id}`, "PATCH", { is_success: e.target.checked })}
                    />
                  </td>
                  <td>
                    <button type="button" className="button secondary" disabled={pending} onClick={() => call(`/api/dispositions/${d.id}`, "DELETE")}>
                      Remove {d.name}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {archived.length > 0 && (
        <p className="small muted">
          Archived (kept on the calls that used them):{" "}
          {archived.map((d, i) => (
            <span key={d.id}>
              {i > 0 && ", "}
              {d.name}{" "}
              <button type="button" className="button secondary small" disabled={pending} onClick={() => call(`/api/dispositions/${d.id}`, "PATCH", { archived: false })}>
                restore
              </button>
            </span>
          ))}
        </p>
      )}
      <form className="row" style={{ alignItems: "flex-end" }} onSubmit={add} noValidate>
        <div className="field" style={{ margin: 0 }}>
          <label htmlFor="disposition-name">New disposition</label>
          <input
            id="disposition-name"
            name="name"
            maxLength={80}
            placeholder="e.g. Callback requested"
            aria-invalid={Boolean(errors.name)}
            aria-describedby={errors.name ? "disposition-name-error" : undefined}
          />
        </div>
        <label className="row" style={{ alignItems: "center" }}>
          <input type="checkbox" name="is_success" /> Counts as success
        </label>
        <button type="submit" className="button" disabled={pending}>
          Add
        </button>
      </form>
      {errors.name && (
        <p id="disposition-name-error" className="error" role="alert">
          {errors.name[0]}
        </p>
      )}
      {errors.form && (
        <div className="alert" role="alert">
          {errors.form[0]}
        </div>
      )}
    </section>
  );
}
