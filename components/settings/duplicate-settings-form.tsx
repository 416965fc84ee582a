"use client";

import type { FormEvent } from "react";
import { duplicateSettingsSchema } from "@/lib/settings/schemas";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SaveRow, useSettingsForm } from "./use-settings-form";

export function DuplicateSettingsForm() {
  const form = useSettingsForm("/api/settings/duplicates", duplicateSettingsSchema.partial());
  if (!form.data) return <SkeletonRows rows={4} />;
  const d = form.data as { fuzzy_name_threshold: number; email_matching: boolean; merge_behavior: string; conflict_rule: string; similar_name_alone: boolean };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    form.save({
      fuzzy_name_threshold: Number(f.get("fuzzy_name_threshold")),
      email_matching: f.get("email_matching") === "on",
      similar_name_alone: f.get("similar_name_alone") === "on",
      merge_behavior: f.get("merge_behavior") as "manual",
      conflict_rule: f.get("conflict_rule") as "keep_newest",
    });
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Duplicate settings" noValidate>
      <div className="row">
        <div className="field">
          <label htmlFor="d-threshold">Name similarity (0–100)</label>
          <input id="d-threshold" aria-describedby="d-threshold-hint" name="fuzzy_name_threshold" type="number" min={0} max={100} defaultValue={d.fuzzy_name_threshold} />
          <span id="d-threshold-hint" className="hint">
            How alike two names must be to be offered as duplicates: higher finds fewer, surer pairs. Default 70.
          </span>
          <FieldError message={form.error("fuzzy_name_threshold")} />
        </div>
        <div className="field">
          <label htmlFor="d-merge">Merging</label>
          <select id="d-merge" aria-describedby="d-merge-hint" name="merge_behavior" defaultValue={d.merge_behavior}>
            <option value="manual">Manual review</option>
            <option value="automatic">Automatic</option>
          </select>
          <span id="d-merge-hint" className="hint">
            Automatic merges every group after each import and on request (each merge can be undone for 30 days). Default: manual review.
          </span>
        </div>
        <div className="field">
          <label htmlFor="d-rule">When merging keeps</label>
          <select id="d-rule" aria-describedby="d-rule-hint" name="conflict_rule" defaultValue={d.conflict_rule}>
            <option value="keep_newest">The newest values</option>
            <option value="keep_oldest">The oldest values</option>
          </select>
          <span id="d-rule-hint" className="hint">
            Which contact&apos;s values win when two disagree in an automatic merge. Default: the newest.
          </span>
        </div>
      </div>
      <div className="field inline">
        <input id="d-email" name="email_matching" type="checkbox" defaultChecked={d.email_matching} />
        <label htmlFor="d-email">Also match contacts by email (off by default)</label>
      </div>
      <div className="field inline">
        <input id="d-name-alone" name="similar_name_alone" type="checkbox" defaultChecked={d.similar_name_alone} aria-describedby="d-name-alone-hint" />
        <label htmlFor="d-name-alone">Offer contacts whose names are similar even when nothing else matches</label>
      </div>
      <p id="d-name-alone-hint" className="small muted">
        Off by default: a similar name alone often pairs different people, so the company or the phone&apos;s last digits must agree too.
      </p>
      <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
    </form>
  );
}
