"use client";

// Messages in people's words for schemas without their own (issue 45).
import "@/lib/http/zod-messages";
import { getSession, signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useCallback, useState, type FormEvent } from "react";
import { loginSchema } from "@/lib/sign-in/schemas";
import { homeFor } from "@/lib/navigation";
import { SECOND_FACTOR_ERROR, type SecondFactorStep } from "@/lib/sign-in/second-factor-error";
import { SecondFactorForm } from "@/components/sign-in/second-factor-step";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "These credentials do not match our records.",
  rate_limited: "Too many failed attempts. Please wait a few minutes and try again.",
  unavailable: "Too many sign-ins at once. Please try again in a moment.",
};

export function SignInForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [secondFactor, setSecondFactor] = useState<SecondFactorStep | null>(null);

  // Straight to the role's first page, in one navigation. Through "/" the signed-in frame was on
  // screen and in use before that page's redirect arrived and moved it (a menu opened on a phone
  // closed itself, issue 42); a refresh after it was a second router action racing the first.
  const signedIn = useCallback(async () => {
    const session = await getSession();
    router.replace(session ? homeFor(session.user.role) : "/");
  }, [router]);
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
    </form>
  );
}
