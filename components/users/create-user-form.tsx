"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { useState, type FormEvent } from "react";
import { fieldErrors } from "@/lib/http/validation";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { useApiToken } from "@/lib/client/swr/use-api";
import { createUserSchema } from "@/lib/users/schemas";
import { fieldErrors as fieldErrorsOf } from "@/components/ui/field-errors";

export function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const token = useApiToken();
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const department = form.get("department_id");
    const parsed = createUserSchema.safeParse({
      name: form.get("name"),
      email: form.get("email"),
      password: form.get("password"),
      role: form.get("role"),
      department_id: department ? Number(department) : null,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    try {
      await apiFetch("/api/users", token!, { method: "POST", body: JSON.stringify(parsed.data) });
      setErrors({});
      setMessage(`${parsed.data.name} was added.`);
      formElement.reset();
      onCreated();
    } catch (error) {
      setErrors(submitErrors(error));
    } finally {
      setPending(false);
    }
  }

  const { message: errorOf, linked } = fieldErrorsOf(errors, "u");

  return (
    <form className="panel" onSubmit={onSubmit} noValidate aria-label="Add a user">
      <h2 style={{ marginTop: 0, fontSize: "1.1rem" }}>Add a user</h2>
      {message && <p role="status">{message}</p>}
      {errors.form && (
        <div className="alert" role="alert">
          {errors.form[0]}
        </div>
      )}
      <div className="row">
        <div className="field">
          <label htmlFor="u-name">Name</label>
          <input id="u-name" name="name" required {...linked("name")} />
          {errorOf("name")}
        </div>
        <div className="field">
          <label htmlFor="u-email">Email</label>
          <input id="u-email" name="email" type="email" required {...linked("email")} />
          {errorOf("email")}
        </div>
        <div className="field">
          <label htmlFor="u-password">Password</label>
          <input id="u-password" name="password" type="password" minLength={8} required {...linked("password")} />
          {errorOf("password")}
        </div>
        <div className="field">
          <label htmlFor="u-role">Role</label>
          <select id="u-role" name="role" defaultValue="agent" {...linked("role")}>
            <option value="agent">Agent</option>
            <option value="dept_manager">Department manager</option>
            <option value="account_admin">Account admin</option>
          </select>
          {errorOf("role")}
        </div>
        <div className="field">
          <label htmlFor="u-dept">Department</label>
          <select id="u-dept" name="department_id" {...linked("department_id")}>
            <option value="">None</option>
            {departments.data?.data.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
          {errorOf("department_id")}
        </div>
        <div className="field">
          <button className="button" type="submit" disabled={pending}>
            {pending ? "Adding…" : "Add user"}
          </button>
        </div>
      </div>
    </form>
  );
}
