"use client";

import type { FormEvent } from "react";
import { useMemo } from "react";
import { countryChoices } from "@/lib/client/format/countries";
import { organizationProfileSchema } from "@/lib/organizations/schemas";
import { Combobox } from "@/components/ui/combobox";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { FieldError } from "./field-error";
import { SaveRow, useSettingsForm } from "./use-settings-form";

function timeZones(): string[] {
  return typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
}

/** The organization's name, the country national phone numbers are read in, the time zone times are shown in. */
export function OrganizationSettingsForm() {
  const form = useSettingsForm("/api/organization", organizationProfileSchema, "PATCH");
  const countries = useMemo(() => countryChoices().map((c) => ({ value: c.code, label: c.name, detail: `${c.callingCode} · ${c.code}` })), []);
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })), []);
  if (!form.data) return <SkeletonRows rows={3} />;
  const d = form.data;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    form.save({ name: String(f.get("name") ?? "").trim(), default_country: String(f.get("default_country")), time_zone: String(f.get("time_zone")) });
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Organization settings" noValidate>
      <div className="row">
        <div className="field">
          <label htmlFor="o-name">Name</label>
          <input id="o-name" name="name" defaultValue={d.name} maxLength={255} aria-describedby="o-name-hint" />
          <span id="o-name-hint" className="hint">
            Shown to everyone in the organization.
          </span>
          <FieldError message={form.error("name")} />
        </div>
        <Combobox
          id="o-country"
          name="default_country"
          label="Default country"
          options={countries}
          defaultValue={d.default_country}
          hint="Phone numbers typed without + or 00 (in the dialer, forms, search and imports) are read as numbers of this country. Default: United States."
          error={form.error("default_country")}
        />
        <Combobox
          id="o-zone"
          name="time_zone"
          label="Time zone"
          options={zones}
          defaultValue={d.time_zone}
          hint="Times in lists and reports are shown in it. Default: America/New York."
          error={form.error("time_zone")}
        />
      </div>
      <SaveRow pending={form.pending} saved={form.saved} formError={form.error("form")} />
    </form>
  );
}
