"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { signIn } from "next-auth/react";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { fieldErrors } from "@/components/ui/field-errors";
import { firstRunSchema } from "@/lib/setup/schemas";

type Errors = Record<string, string[] | undefined>;

// Field path (as the API names it in `errors`) → the input's id, in the form's order:
// the first one with an error gets the focus.
const FIELDS: [string, string][] = [
  ["organization.name", "setup-organization-name"],
  ["organization.time_zone", "setup-time-zone"],
  ["admin.name", "setup-admin-name"],
  ["admin.email", "setup-admin-email"],
  ["admin.password", "setup-admin-password"],
  ["admin.password_confirmation", "setup-admin-password-confirmation"],
];

// The zones this browser knows, and its own: read on the client only (the
// server's list and zone are not the visitor's), so the select appears once
// the page runs in the browser, preselected with the visitor's zone.
let zoneList: string[] | null = null;
function browserZones(): string[] {
  if (!zoneList) {
    const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    zoneList = [...new Set(["UTC", ...known, browserZone()])].sort();
  }
  return zoneList;
}
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
const nothingToWatch = () => () => undefined;

export function SetupForm() {
  const router = useRouter();
  const zone = useSyncExternalStore(nothingToWatch, browserZone, () => null);
  const zones = useSyncExternalStore(nothingToWatch, browserZones, () => null);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<{ message: string; signIn?: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  // The first refused field, focused once the form is enabled again (keyboard users land on what to fix).
  const focusNext = useRef<string | null>(null);
  const field = fieldErrors(errors, "setup");
  useEffect(() => {
    if (pending || !focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  function refuse(found: Errors) {
    setErrors(found);
    focusNext.current = FIELDS.find(([key]) => found[key]?.length)?.[1] ?? null;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const parsed = firstRunSchema.safeParse({
      organization: { name: text("organization_name"), time_zone: text("time_zone") },
      admin: { name: text("admin_name"), email: text("email"), password: text("password") },
    });
    const found: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= [issue.message];
    if (text("password") !== text("password_confirmation")) found["admin.password_confirmation"] = ["The passwords do not match."];
    setAlert(null);
    if (!parsed.success || Object.keys(found).length) return refuse(found);

    setErrors({});
    setPending(true);
    let done = false;
    try {
      const response = await fetch("/api/setup", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(parsed.data),
      });
      const body = await response.json().catch(() => ({}));
      if (response.status === 422 && body.errors) return refuse(body.errors);
      if (response.status === 409) return setAlert({ message: body.message ?? "Setup is already complete.", signIn: true });
      if (response.status !== 201) return setAlert({ message: body.message ?? "Setup failed. Please try again." });

      // The web session has a token of its own (next-auth's sign-in): the one setup answered is given back.
      const signedIn = await signIn("credentials", { email: parsed.data.admin.email, password: parsed.data.admin.password, redirect: false });
      await fetch("/api/logout", { method: "POST", headers: { Authorization: `Bearer ${body.token}` } }).catch(() => undefined);
      if (!signedIn || signedIn.error) return setAlert({ message: "Your organization is ready, but signing in failed. Please sign in.", signIn: true });
      done = true;
      router.replace("/");
      router.refresh();
    } catch {
      setAlert({ message: "The server did not answer. Please try again." });
    } finally {
      // Signed in: the form stays busy until the app's first page replaces it.
      if (!done) setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="First-run setup" aria-busy={pending}>
      {alert && (
        <div className="alert" role="alert">
          {alert.message} {alert.signIn && <Link href="/login">Sign in</Link>}
        </div>
      )}
      <fieldset disabled={pending}>
        <div className="field">
          <label htmlFor="setup-organization-name">Organization name</label>
          <input id="setup-organization-name" name="organization_name" autoComplete="organization" autoFocus required maxLength={255} {...field.linked("organization.name")} />
          {field.message("organization.name")}
        </div>
        <div className="field">
          <label htmlFor="setup-time-zone">Time zone</label>
          {zones && zone ? (
            // A key of its own: a new select, so its default is the visitor's zone (an updated one keeps its first option).
            <select key="zones" id="setup-time-zone" name="time_zone" defaultValue={zone} required {...field.linked("organization.time_zone", "setup-time-zone-hint")}>
              {zones.map((each) => (
                <option key={each} value={each}>
                  {each.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          ) : (
            <select key="finding" id="setup-time-zone" name="time_zone" disabled aria-describedby="setup-time-zone-hint">
              <option>Finding your time zone…</option>
            </select>
          )}
          <span id="setup-time-zone-hint" className="hint">
            Times in lists and reports are shown in it; admins change it later in Settings.
          </span>
          {field.message("organization.time_zone")}
        </div>
        <div className="field">
          <label htmlFor="setup-admin-name">Your name</label>
          <input id="setup-admin-name" name="admin_name" autoComplete="name" required maxLength={255} {...field.linked("admin.name")} />
          {field.message("admin.name")}
        </div>
        <div className="field">
          <label htmlFor="setup-admin-email">Email</label>
          <input id="setup-admin-email" name="email" type="email" autoComplete="username" required maxLength={255} {...field.linked("admin.email")} />
          {field.message("admin.email")}
        </div>
        <div className="field">
          <label htmlFor="setup-admin-password">Password</label>
          <input id="setup-admin-password" name="password" type="password" autoComplete="new-password" required {...field.linked("admin.password", "setup-password-hint")} />
          <span id="setup-password-hint" className="hint">
            At least 8 characters.
          </span>
          {field.message("admin.password")}
        </div>
        <div className="field">
          <label htmlFor="setup-admin-password-confirmation">Confirm password</label>
          <input id="setup-admin-password-confirmation" name="password_confirmation" type="password" autoComplete="new-password" required {...field.linked("admin.password_confirmation")} />
          {field.message("admin.password_confirmation")}
        </div>
        <button className="button" type="submit">
          {pending ? "Setting up…" : "Create organization and sign in"}
        </button>
      </fieldset>
    </form>
  );
}
