"use client";

import { useState } from "react";
import type { z } from "zod";
import { fieldErrors } from "@/lib/http/validation";
import { ApiRequestError, apiFetch } from "@/lib/swr/api-fetch";
import { useApi, useApiToken } from "@/lib/swr/use-api";

/** Loads one settings document, checks edits with the API's own schema, saves with PUT (or the route's PATCH). */
export function useSettingsForm<T extends object>(path: string, schema: z.ZodType<Partial<T>>, method: "PUT" | "PATCH" = "PUT") {
  const token = useApiToken();
  const loaded = useApi<T>(path);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);

  const save = async (input: Partial<T>) => {
    setSaved(false);
    const parsed = schema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setPending(true);
    try {
      const next = await apiFetch<T>(path, token!, { method, body: JSON.stringify(parsed.data) });
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
      <button type="submit" className="button" disabled={pending}>{pending ? "Saving…" : "Save"}</button>
      {saved && <span className="success small" role="status" style={{ padding: "6px 10px" }}>Saved.</span>}
      {formError && <span className="error" role="alert">{formError}</span>}
    </div>
  );
}
