"use client";

import type { FormEvent } from "react";
import { securitySettingsSchema } from "@/lib/settings/schemas";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SaveRow, useSettingsForm } from "./use-settings-form";

const CHOICES = [
  ["nobody", "Nobody (each person may turn it on)"],
  ["admins", "Admins"],
  ["managers", "Managers and admins"],
  ["everyone", "Everyone"],
] as const;

/** Who must sign in with a second factor (issue 46). */
export function SecuritySettingsForm() {
  const form = useSettingsForm("/api/settings/security", securitySettingsSchema.partial());
  if (!form.data) return <SkeletonRows rows={2} />;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    form.save({ two_factor_required: new FormData(e.currentTarget).get("two_factor_required") as "nobody" });
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Security settings" noValidate>
      <div className="field">
        <label htmlFor="s-two-factor">Require two-factor sign-in for</label>
        <select id="s-two-factor" name="two_factor_required" defaultValue={form.data.two_factor_required} aria-describedby="s-two-factor-hint">
          {CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <span id="s-two-factor-hint" className="hint">
          Those covered who have no authenticator app set one up at their next sign-in; API tokens are issued only after the code. Lost phone: Users → Edit → Reset two-factor.
        </span>
        <FieldError message={form.error("two_factor_required")} />
      </div>
      <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
    </form>
  );
}
