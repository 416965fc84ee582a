"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { useState, type FormEvent } from "react";
import { fieldErrors } from "@/lib/http/validation";
import { ROLE_LABELS } from "@/lib/navigation";
import { apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import type { GetAnswer } from "@/lib/client/swr/use-api-get";
import { updateUserSchema } from "@/lib/users/schemas";
import { Modal } from "@/components/ui/modal";
import { SkillsEditor } from "./skills-editor";
import { UserSessions } from "@/components/sessions/user-sessions";
import { ResetUserTwoFactor } from "@/components/two-factor/reset-user-two-factor";
import { SsoIdentity } from "./sso-identity";

interface Department {
  id: number;
  name: string;
}

/**
 * Changes one user: name, role, department, a new password (their sessions
 * end), or whether they may sign in. The API decides who may change whom
 * (an admin manages their organization, nobody their own role or access);
 * its refusal is shown on the field it concerns. Skills are saved on their
 * own (PUT /api/users/{id}/skills), below the account's fields.
 */
export function EditUserDialog({
  user,
  self,
  roles,
  departments,
  onClose,
  onSaved,
  onSkillsSaved,
}: {
  user: GetAnswer<"/api/users/{id}">;
  self: boolean;
  roles: string[];
  departments: Department[];
  onClose: () => void;
  onSaved: (message: string) => void;
  onSkillsSaved?: (message: string) => void;
}) {
  const token = useApiToken();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);

  const send = async (input: Record<string, unknown>, message: string) => {
    const parsed = updateUserSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    try {
      await apiFetch(`/api/users/${user.id}`, token!, { method: "PATCH", body: JSON.stringify(parsed.data) });
      onSaved(message);
    } catch (error) {
      setErrors(submitErrors(error));
    } finally {
      setPending(false);
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const department = String(form.get("department_id") ?? "");
    const password = String(form.get("password") ?? "");
    const input: Record<string, unknown> = {
      name: String(form.get("name") ?? "").trim(),
      department_id: department ? Number(department) : null,
      max_conversations: Number(form.get("max_conversations")),
    };
    if (!self) input.role = form.get("role");
    if (password) input.password = password;
    void send(input, password ? `${input.name} was saved; their new password ends their open sessions.` : `${input.name} was saved.`);
  };
  const error = (field: string) =>
    errors[field]?.[0] && (
      <span id={`eu-${field}-error`} className="error">
        {errors[field][0]}
      </span>
    );
  const described = (field: string) => (errors[field] ? `eu-${field}-error` : undefined);

  return (
    <Modal open title={`Edit ${user.name}`} onClose={onClose}>
      <form className="stack" onSubmit={onSubmit} noValidate aria-label="Edit user">
        {errors.form && (
          <div className="alert" role="alert">
            {errors.form[0]}
          </div>
        )}
        <div className="field">
          <label htmlFor="eu-name">Name</label>
          <input id="eu-name" name="name" defaultValue={user.name} aria-describedby={described("name")} />
          {error("name")}
        </div>
        <div className="field">
          <label htmlFor="eu-role">Role</label>
          <select id="eu-role" name="role" defaultValue={user.role} disabled={self} aria-describedby={self ? "eu-role-hint" : described("role")}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role as keyof typeof ROLE_LABELS]}
              </option>
            ))}
          </select>
          {self && (
            <span id="eu-role-hint" className="hint">
              Nobody changes their own role: another admin can.
            </span>
          )}
          {error("role")}
        </div>
        <div className="field">
          <label htmlFor="eu-dept">Department</label>
          <select id="eu-dept" name="department_id" defaultValue={user.department_id ?? ""} aria-describedby={described("department_id")}>
            <option value="">None (admins)</option>
            {departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
          {error("department_id")}
        </div>
        <div className="field">
          <label htmlFor="eu-max-conversations">Open conversations at most</label>
          <input
            id="eu-max-conversations"
            name="max_conversations"
            type="number"
            min={1}
            max={100}
            defaultValue={user.max_conversations}
            aria-describedby={errors.max_conversations ? "eu-max-conversations-hint eu-max_conversations-error" : "eu-max-conversations-hint"}
            style={{ width: 120 }}
          />
          <span id="eu-max-conversations-hint" className="hint">
            When new texts are given out (Settings → Telephony), this user is given no more open conversations than this.
          </span>
          {error("max_conversations")}
        </div>
        <div className="field">
          <label htmlFor="eu-password">New password</label>
          <input
            id="eu-password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            placeholder="Leave empty to keep it"
            aria-describedby={errors.password ? "eu-password-hint eu-password-error" : "eu-password-hint"}
          />
          <span id="eu-password-hint" className="hint">
            At least 8 characters. Setting one signs the user out everywhere.
          </span>
          {error("password")}
        </div>
        <div className="row" style={{ justifyContent: "space-between" }}>
          <button type="submit" className="button" disabled={pending}>
            {pending ? "Saving…" : "Save"}
          </button>
          {!self && (
            <button
              type="button"
              className={user.active ? "button danger" : "button secondary"}
              disabled={pending}
              onClick={() => send({ active: !user.active }, user.active ? `${user.name} was deactivated and signed out.` : `${user.name} can sign in again.`)}
            >
              {user.active ? "Deactivate" : "Reactivate"}
            </button>
          )}
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
      <hr />
      <SkillsEditor
        userId={user.id}
        initial={user.skills}
        onSaved={(skills) => onSkillsSaved?.(`${user.name}'s skills were saved: ${skills.map((s) => `${s.skill} ${s.level}`).join(", ") || "none"}.`)}
      />
      <hr />
      <UserSessions userId={user.id} name={user.name} />
      <ResetUserTwoFactor userId={user.id} name={user.name} />
      <SsoIdentity userId={user.id} name={user.name} />
    </Modal>
  );
}
