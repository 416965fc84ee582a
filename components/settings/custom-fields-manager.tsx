"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { useCallback, useState, type FormEvent } from "react";
import { formatCount } from "@/lib/client/format/display";
import type { OperationView } from "@/components/operations/operation-progress";
import { FIELD_TYPE_LABELS, FIELD_TYPES } from "@/lib/contacts/custom-fields/field-types";
import { createCustomFieldSchema } from "@/lib/contacts/custom-fields/schemas";
import { fieldErrors } from "@/lib/http/validation";
import { ROLE_LABELS } from "@/lib/navigation";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import type { CustomFieldView } from "@/components/contacts/types";
import { OperationProgress } from "@/components/operations/operation-progress";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Modal } from "@/components/ui/modal";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";

const ROLES = ["super_admin", "account_admin", "dept_manager", "agent"] as const;

function CreateFieldForm({ onCreated }: { onCreated: () => void }) {
  const token = useApiToken();
  const [type, setType] = useState<string>("text_short");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const f = new FormData(element);
    const input = {
      name: String(f.get("name") ?? "").trim(),
      label: String(f.get("label") ?? "").trim(),
      field_type: type,
      options:
        type === "dropdown"
          ? String(f.get("options") ?? "")
              .split(",")
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
      required: f.get("required") === "on",
      visible_to: ROLES.filter((r) => f.get(`visible_${r}`) === "on"),
    };
    const parsed = createCustomFieldSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    try {
      await apiFetch("/api/custom-fields", token!, { method: "POST", body: JSON.stringify(parsed.data) });
      setErrors({});
      element.reset();
      setType("text_short");
      onCreated();
    } catch (err) {
      setErrors(err instanceof ApiRequestError ? (err.body?.errors ?? { form: [err.message] }) : { form: [(err as Error).message] });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Add a custom field" noValidate>
      <h2>Add a field</h2>
      {errors.form && (
        <div className="alert" role="alert">
          {errors.form[0]}
        </div>
      )}
      <div className="row">
        <div className="field">
          <label htmlFor="cf-label">Label</label>
          <input id="cf-label" name="label" placeholder="Lead source" />
          <FieldError message={errors.label?.[0]} />
        </div>
        <div className="field">
          <label htmlFor="cf-name">Key</label>
          <input id="cf-name" name="name" placeholder="lead_source" />
          <FieldError message={errors.name?.[0]} />
        </div>
        <div className="field">
          <label htmlFor="cf-type">Type</label>
          <select id="cf-type" value={type} onChange={(e) => setType(e.target.value)}>
            {FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {FIELD_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        {type === "dropdown" && (
          <div className="field">
            <label htmlFor="cf-options">Options</label>
            <input id="cf-options" name="options" placeholder="Web, Referral, Partner" />
            <FieldError message={errors.options?.[0]} />
          </div>
        )}
      </div>
      <div className="row" style={{ alignItems: "center" }}>
        <label className="field inline" style={{ margin: 0 }}>
          <input type="checkbox" name="required" />
          Required
        </label>
        <span className="small muted">Visible to:</span>
        {ROLES.map((r) => (
          <label key={r} className="field inline" style={{ margin: 0 }}>
            <input type="checkbox" name={`visible_${r}`} defaultChecked />
            {ROLE_LABELS[r]}
          </label>
        ))}
        <FieldError message={errors.visible_to?.[0]} />
        <button type="submit" className="button" style={{ marginLeft: "auto" }}>
          Add field
        </button>
      </div>
    </form>
  );
}

/** Definitions in display order: reorder, archive (values kept), delete (values erased, confirmed by typing the key). */
export function CustomFieldsManager() {
  const token = useApiToken();
  const { data, isLoading, mutate } = useApiGet("/api/custom-fields", { query: { include_archived: "true" } });
  const [problem, setProblem] = useState<unknown>(null);
  const [deleting, setDeleting] = useState<CustomFieldView | null>(null);
  const [typed, setTyped] = useState("");
  const fields = data?.data ?? [];

  // Values on many contacts are erased by an operation (202): its progress shows until it ends.
  const [erasing, setErasing] = useState<OperationView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const erased = useCallback((operation: OperationView) => {
    setErasing(null);
    if (operation.status === "failed") setProblem(new Error(`Erasing the values stopped: ${operation.error ?? "unknown error"}`));
    else setNotice(`The field's values were erased from ${formatCount(operation.changed, "contact")}.`);
  }, []);
  const run = async (call: () => Promise<unknown>) => {
    setProblem(null);
    setNotice(null);
    try {
      const answer = await call();
      if (answer && typeof answer === "object" && "operation" in answer) setErasing((answer as { operation: OperationView }).operation);
      else if (answer && typeof answer === "object" && "contacts_erased" in answer) setNotice(`The field's values were erased from ${formatCount(Number(answer.contacts_erased), "contact")}.`);
      await mutate();
    } catch (e) {
      setProblem(e);
    }
  };
  const move = (index: number, by: number) => {
    const ids = fields.map((f) => f.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved);
    run(() => apiFetch("/api/custom-fields/order", token!, { method: "PUT", body: JSON.stringify({ ids }) }));
  };

  return (
    <div className="stack">
      {erasing && <OperationProgress operation={erasing} label="Erasing the deleted field's values" onFinished={erased} />}
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <CreateFieldForm onCreated={() => mutate()} />
      <ErrorAlert error={problem} />
      {isLoading && !data && <SkeletonRows />}
      {data && fields.length === 0 && <EmptyState title="No custom fields">Add fields for what your team records about each contact.</EmptyState>}
      {fields.length > 0 && (
        <div className="table-wrap">
          <table className="data" aria-label="Custom fields">
            <thead>
              <tr>
                <th>Order</th>
                <th>Label</th>
                <th>Key</th>
                <th>Type</th>
                <th>Visible to</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, i) => (
                <tr key={field.id}>
                  <td>
                    <button type="button" className="button ghost small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${field.label} up`}>
                      ↑
                    </button>
                    <button type="button" className="button ghost small" disabled={i === fields.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${field.label} down`}>
                      ↓
                    </button>
                  </td>
                  <td>
                    {field.label}
                    {field.required && (
                      <span className="badge" style={{ marginLeft: 6 }}>
                        required
                      </span>
                    )}
                  </td>
                  <td className="mono small">{field.name}</td>
                  <td>
                    {FIELD_TYPE_LABELS[field.field_type]}
                    {field.options.length > 0 && <div className="small muted">{field.options.join(", ")}</div>}
                  </td>
                  <td className="small">{field.visible_to.map((r) => ROLE_LABELS[r as keyof typeof ROLE_LABELS]).join(", ")}</td>
                  <td>{field.archived_at ? <span className="badge">archived</span> : <span className="badge ok">active</span>}</td>
                  <td>
                    <button
                      type="button"
                      className="button ghost small"
                      onClick={() => run(() => apiFetch(`/api/custom-fields/${field.id}/archive`, token!, { method: field.archived_at ? "DELETE" : "POST", body: "{}" }))}
                    >
                      {field.archived_at ? "Unarchive" : "Archive"}
                    </button>
                    <button
                      type="button"
                      className="button ghost small"
                      style={{ color: "var(--danger)" }}
                      onClick={() => {
                        setTyped("");
                        setDeleting(field);
                      }}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal
        open={deleting !== null}
        title={`Delete the field "${deleting?.label}"?`}
        onClose={() => setDeleting(null)}
        actions={
          <>
            <button type="button" className="button secondary" onClick={() => setDeleting(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="button danger"
              disabled={typed !== deleting?.name}
              onClick={() => {
                const f = deleting!;
                setDeleting(null);
                run(() => apiFetch(`/api/custom-fields/${f.id}`, token!, { method: "DELETE", body: JSON.stringify({ confirm: true }) }));
              }}
            >
              Delete and erase values
            </button>
          </>
        }
      >
        <p>This erases the field&apos;s value on every contact and cannot be undone. Archive it instead to hide it and keep the data.</p>
        <div className="field">
          <label htmlFor="cf-confirm">
            Type <strong className="mono">{deleting?.name}</strong> to confirm
          </label>
          <input id="cf-confirm" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        </div>
      </Modal>
    </div>
  );
}
