"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { signIn } from "next-auth/react";
import { useCallback, useState, type FormEvent } from "react";
import { loginSchema } from "@/lib/sign-in/schemas";
import { SECOND_FACTOR_ERROR, type SecondFactorStep } from "@/lib/sign-in/second-factor-error";
import { SecondFactorForm } from "@/components/sign-in/second-factor-step";
import { useSignedIn } from "@/components/sign-in/use-signed-in";
import { ssoStartSchema } from "@/lib/sign-in/sso/schemas";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "These credentials do not match our records.",
  rate_limited: "Too many failed attempts. Please wait a few minutes and try again.",
  unavailable: "Too many sign-ins at once. Please try again in a moment.",
  sso_only: "Your organization signs in through single sign-on: choose Single sign-on below the password.",
};

/** The sign-in page; `initialError` says why a single sign-on came back without signing in. */
export function SignInForm({ initialError = null }: { initialError?: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [secondFactor, setSecondFactor] = useState<SecondFactorStep | null>(null);

  const signedIn = useSignedIn();
  const startOver = useCallback((message: string) => {
    setSecondFactor(null);
    setPending(false);
    setError(message || null);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setFieldErrors({});
    setError(null);
    setPending(true);
    const result = await signIn("credentials", { ...parsed.data, redirect: false });
    const step = SECOND_FACTOR_ERROR.decode(result?.error);
    if (step) return setSecondFactor(step);
    if (!result || result.error) {
      setPending(false);
      setError(MESSAGES[result?.error ?? ""] ?? "Sign-in failed. Please try again.");
      return;
    }
    await signedIn();
  }

  // Single sign-on: the address says which organization's provider; the browser goes there and comes back to /login/sso.
  async function onSingleSignOn(form: HTMLFormElement | null) {
    const parsed = ssoStartSchema.safeParse({ email: form ? new FormData(form).get("email") : "" });
    if (!parsed.success) return setFieldErrors({ email: "Enter your work email address, then choose Single sign-on." });
    setFieldErrors({});
    setError(null);
    setPending(true);
    const response = await fetch("/api/login/sso", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(parsed.data) });
    const body = await response.json().catch(() => ({}));
    if (response.ok && body.redirect_url) return window.location.assign(body.redirect_url);
    setPending(false);
    setError(body.errors?.sso?.[0] ?? body.message ?? "Single sign-on could not start. Please try again.");
  }

  if (secondFactor) return <SecondFactorForm step={secondFactor} signedIn={() => void signedIn()} startOver={startOver} />;

  return (
    <form onSubmit={onSubmit} noValidate>
      {error && (
        <div className="alert" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" autoFocus required aria-invalid={!!fieldErrors.email} />
        {fieldErrors.email && <span className="error">{fieldErrors.email}</span>}
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required aria-invalid={!!fieldErrors.password} />
        {fieldErrors.password && <span className="error">{fieldErrors.password}</span>}
      </div>
      <button className="button" type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      <button className="button secondary sso-button" type="button" disabled={pending} onClick={(event) => void onSingleSignOn(event.currentTarget.form)}>
        Single sign-on
      </button>
    </form>
  );
}
