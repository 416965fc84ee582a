"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "@/lib/http/validation";
import { ApiRequestError, apiFetch } from "@/lib/client/swr/api-fetch";
import { useApiToken } from "@/lib/client/swr/use-api";
import { useApiGet, type GetAnswer, type GetRequest } from "@/lib/client/swr/use-api-get";

/** The settings documents: read with GET, saved with PUT (the organization's profile with PATCH), the same shape back. */
type SettingsPath =
  | "/api/settings/import"
  | "/api/settings/duplicates"
  | "/api/settings/retention"
  | "/api/settings/telephony"
  | "/api/settings/sms"
  | "/api/settings/calls"
  | "/api/settings/routing"
  | "/api/settings/security"
  | "/api/organization";

/** Loads one settings document, checks edits with the API's own schema, saves with PUT (or the route's PATCH). */
export function useSettingsForm<P extends SettingsPath>(path: P, schema: z.ZodType<Partial<GetAnswer<P>>>, method: "PUT" | "PATCH" = "PUT") {
  const token = useApiToken();
  const loaded = useApiGet(path, {} as GetRequest<P>);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);

  const save = async (input: Partial<GetAnswer<P>>) => {
    setSaved(false);
    const parsed = schema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    try {
      const next = await apiFetch<GetAnswer<P>>(path, token!, { method, body: JSON.stringify(parsed.data) });
      await loaded.mutate(next, { revalidate: false });
      setErrors({});
      setSaved(true);
    } catch (e) {
      setErrors(e instanceof ApiRequestError ? (e.body?.errors ?? { form: [e.message] }) : { form: [(e as Error).message] });
    } finally {
      setPending(false);
    }
  };
  const error = (field: string) => errors[field]?.[0];
  return { data: loaded.data, loadError: loaded.error, save, saved, pending, errors, error };
}

export function SaveRow({ pending, saved, formError }: { pending: boolean; saved: boolean; formError?: string }) {
  return (
    <div className="row" style={{ alignItems: "center" }}>
      <button type="submit" className="button" disabled={pending}>
        {pending ? "Saving…" : "Save"}
      </button>
      {saved && (
        <span className="success small" role="status" style={{ padding: "6px 10px" }}>
          Saved.
        </span>
      )}
      {formError && (
        <span className="error" role="alert">
          {formError}
        </span>
      )}
    </div>
  );
}
