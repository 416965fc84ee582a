"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { createContactSchema, updateContactSchema } from "@/lib/contacts/schemas";
import { fieldErrors } from "@/lib/http/validation";
import { ApiRequestError, apiFetch, submitErrors } from "@/lib/client/swr/api-fetch";
import { useApiGet } from "@/lib/client/swr/use-api-get";
import { useApiToken } from "@/lib/client/swr/use-api";
import { knownTags } from "@/lib/contacts/tags/known-tag";
import { fieldErrors as fieldErrorsOf } from "@/components/ui/field-errors";
import { PhoneField } from "@/components/ui/phone-field";
import { CustomFieldInput } from "./custom-field-input";
import type { ContactView } from "./types";
import { useRefreshTagNames, useTagNames } from "./use-tag-names";

type Errors = Record<string, string[]>;

/** Create or edit a contact; the same zod schema as the API checks it before it is sent. */
export function ContactForm({ contact }: { contact?: ContactView }) {
  const router = useRouter();
  const token = useApiToken();
  const { mutate } = useSWRConfig();
  const fields = useApiGet("/api/custom-fields", {});
  const departments = useApiGet("/api/departments", { query: { per_page: 100 } });
  const [custom, setCustom] = useState<Record<string, unknown>>(contact?.custom_fields ?? {});
  const [errors, setErrors] = useState<Errors>({});
  const [duplicateId, setDuplicateId] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const tagNames = useTagNames();
  const refreshTagNames = useRefreshTagNames();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const customValues = Object.fromEntries(
      Object.entries(custom)
        .map(([k, v]) => [k, v === "" ? null : v])
        .filter(([, v]) => contact || v !== null),
    );
    const department = text("department_id");
    const input = {
      name: text("name"),
      phone: text("phone"),
      email: text("email") || null,
      company: text("company") || null,
      notes: text("notes") || null,
      // A tag typed in another case than the organization's is saved with its spelling.
      tags: knownTags(text("tags"), tagNames),
      custom_fields: customValues,
      opted_out: form.get("opted_out") === "on",
      ...(department && { department_id: Number(department) }),
    };
    const parsed = (contact ? updateContactSchema : createContactSchema).safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    setDuplicateId(null);
    try {
      const saved = await apiFetch<ContactView>(contact ? `/api/contacts/${contact.id}` : "/api/contacts", token!, {
        method: contact ? "PUT" : "POST",
        body: JSON.stringify(input),
      });
      // Every cached view of this contact (detail, lists) is stale now.
      await mutate((key) => Array.isArray(key) && typeof key[0] === "string" && key[0].startsWith("/api/contacts"), undefined, { revalidate: true });
      await refreshTagNames();
      router.push(`/contacts/${saved.id}?saved=1`);
    } catch (error) {
      setErrors(submitErrors(error));
      const duplicate = error instanceof ApiRequestError ? (error.body as { duplicate_id?: number } | null)?.duplicate_id : undefined;
      if (duplicate) setDuplicateId(duplicate);
    } finally {
      setPending(false);
    }
  };

  const { message, linked } = fieldErrorsOf(errors, "c");
  const visibleFields = (fields.data?.data ?? []).filter((f) => !f.archived_at);

  return (
    <form className="panel stack" onSubmit={onSubmit} noValidate aria-label={contact ? "Edit contact" : "New contact"}>
      {errors.form && (
        <div className="alert" role="alert">
          {errors.form[0]}
        </div>
      )}
      {duplicateId && (
        <div className="alert" role="alert">
          This phone number belongs to <a href={`/contacts/${duplicateId}`}>another contact</a>.
        </div>
      )}
      <div className="grid-2 even">
        <div>
          <div className="field">
            <label htmlFor="c-name">Name *</label>
            <input id="c-name" name="name" defaultValue={contact?.name} required maxLength={255} autoFocus {...linked("name")} />
            {message("name")}
          </div>
          <PhoneField id="c-phone" name="phone" label="Phone" required defaultValue={contact?.phone} error={errors.phone?.[0]} />
          <div className="field">
            <label htmlFor="c-email">Email</label>
            <input id="c-email" name="email" type="email" defaultValue={contact?.email ?? ""} maxLength={255} {...linked("email")} />
            {message("email")}
          </div>
          <div className="field">
            <label htmlFor="c-company">Company</label>
            <input id="c-company" name="company" defaultValue={contact?.company ?? ""} maxLength={255} {...linked("company")} />
            {message("company")}
          </div>
          <div className="field">
            <label htmlFor="c-tags">Tags</label>
            <input id="c-tags" name="tags" defaultValue={contact?.tags.join(", ")} placeholder="vip, london" list="c-tag-names" {...linked("tags", "c-tags-hint")} />
            <datalist id="c-tag-names">
              {tagNames.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
            <span id="c-tags-hint" className="hint">
              Separate tags with commas. The tag DNC keeps a contact out of campaigns.
            </span>
            {message("tags")}
          </div>
          <div className="field">
            <span className="row" style={{ gap: 8, alignItems: "center" }}>
              <input id="c-opted-out" name="opted_out" type="checkbox" defaultChecked={contact?.opted_out ?? false} aria-describedby="c-opted-out-hint" />
              <label htmlFor="c-opted-out" style={{ fontWeight: 500 }}>
                Opted out of calls
              </label>
            </span>
            <span id="c-opted-out-hint" className="hint">
              Campaigns never dial a contact who opted out.
            </span>
          </div>
          {(departments.data?.data.length ?? 0) > 1 && (
            <div className="field">
              <label htmlFor="c-dept">Department</label>
              <select id="c-dept" name="department_id" defaultValue={contact?.department_id ?? ""} {...linked("department_id")}>
                {!contact && <option value="">Choose…</option>}
                {departments.data!.data.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
              {message("department_id")}
            </div>
          )}
        </div>
        <div>
          <div className="field">
            <label htmlFor="c-notes">Notes</label>
            <textarea id="c-notes" name="notes" defaultValue={contact?.notes ?? ""} rows={5} {...linked("notes")} />
            {message("notes")}
          </div>
          {fields.isLoading && !fields.data && <div className="skeleton" />}
          {visibleFields.map((field) => (
            <CustomFieldInput key={field.id} field={field} value={custom[field.name]} onChange={(v) => setCustom({ ...custom, [field.name]: v })} error={errors[`custom_fields.${field.name}`]?.[0]} />
          ))}
          {message("custom_fields")}
        </div>
      </div>
      <div className="row">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : contact ? "Save changes" : "Create contact"}
        </button>
        <button type="button" className="button secondary" onClick={() => router.back()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
