"use client";

import type { FormEvent } from "react";
import { importSettingsSchema } from "@/lib/settings/schemas";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SaveRow, useSettingsForm } from "./use-settings-form";

export function ImportSettingsForm() {
  const form = useSettingsForm("/api/settings/import", importSettingsSchema.partial());
  if (!form.data) return <SkeletonRows rows={4} />;
  const d = form.data as { max_import_size: number; duplicate_handling: string; auto_tag: string | null; strictness: string; phone_formatting: boolean; default_country: string };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    form.save({
      max_import_size: Number(f.get("max_import_size")),
      duplicate_handling: f.get("duplicate_handling") as "skip",
      auto_tag: String(f.get("auto_tag") ?? "").trim() || null,
      strictness: f.get("strictness") as "lenient",
      phone_formatting: f.get("phone_formatting") === "on",
    });
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Import settings" noValidate>
      <div className="row">
        <div className="field">
          <label htmlFor="s-max">Largest import (rows)</label>
          <input id="s-max" aria-describedby="s-max-hint" name="max_import_size" type="number" min={1} defaultValue={d.max_import_size} />
          <span id="s-max-hint" className="hint">
            A file with more rows is refused, so it can be split. Default 10,000.
          </span>
          <FieldError message={form.error("max_import_size")} />
        </div>
        <div className="field">
          <label htmlFor="s-dups">Duplicates by default</label>
          <select id="s-dups" aria-describedby="s-dups-hint" name="duplicate_handling" defaultValue={d.duplicate_handling}>
            <option value="skip">Skip</option>
            <option value="update">Update the existing contact</option>
            <option value="ask">Ask after the preview</option>
          </select>
          <span id="s-dups-hint" className="hint">
            A row whose phone belongs to a contact already: left alone, or its values written to that contact. Default: skip.
          </span>
        </div>
        <div className="field">
          <label htmlFor="s-strict">Invalid rows</label>
          <select id="s-strict" aria-describedby="s-strict-hint" name="strictness" defaultValue={d.strictness}>
            <option value="lenient">Skip and report (lenient)</option>
            <option value="strict">Reject the whole file (strict)</option>
          </select>
          <span id="s-strict-hint" className="hint">
            Default: skip and report; the rejected rows can be downloaded.
          </span>
        </div>
        <div className="field">
          <label htmlFor="s-tag">Tag every import with</label>
          <input id="s-tag" aria-describedby="s-tag-hint" name="auto_tag" defaultValue={d.auto_tag ?? ""} placeholder="none" />
          <span id="s-tag-hint" className="hint">
            Added to every imported contact, so an import can be found later. Default: none.
          </span>
          <FieldError message={form.error("auto_tag")} />
        </div>
      </div>
      <div className="field inline">
        <input id="s-format" name="phone_formatting" type="checkbox" defaultChecked={d.phone_formatting} />
        <label htmlFor="s-format">Format national phone numbers to E.164, read in the organization&apos;s default country (Settings → Organization). On by default; off, such rows are rejected.</label>
      </div>
      <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
    </form>
  );
}
