"use client";

import { signIn } from "next-auth/react";
import { Link } from "@/components/ui/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { SSO_REFUSALS, type SsoRefusalReason } from "@/lib/sign-in/sso/sso-refusal";
import { SECOND_FACTOR_ERROR, type SecondFactorStep } from "@/lib/sign-in/second-factor-error";
import { SecondFactorForm } from "./second-factor-step";
import { useSignedIn } from "./use-signed-in";

/**
 * Spends a single sign-on's ticket through next-auth (the state cookie goes
 * with it), asks for the second factor the user set up here when the
 * organization's provider does not enforce one, then opens the role's first page.
 */
export function SsoTicket({ ticket }: { ticket: string }) {
  const [error, setError] = useState<string | null>(ticket ? null : SSO_REFUSALS.expired);
  const [secondFactor, setSecondFactor] = useState<SecondFactorStep | null>(null);
  const spent = useRef(false);
  const signedIn = useSignedIn();
  const startOver = useCallback((message: string) => {
    setSecondFactor(null);
    setError(message || SSO_REFUSALS.expired);
  }, []);

  useEffect(() => {
    // Once: a ticket is good once, and a second render must not spend it again.
    if (!ticket || spent.current) return;
    spent.current = true;
    void (async () => {
      const result = await signIn("credentials", { ticket, redirect: false });
      const step = SECOND_FACTOR_ERROR.decode(result?.error);
      if (step) return setSecondFactor(step);
      if (!result || result.error) {
        const reason = result?.error?.replace(/^sso_/, "") as SsoRefusalReason | undefined;
        return setError((reason && SSO_REFUSALS[reason]) ?? SSO_REFUSALS.expired);
      }
      await signedIn();
    })();
  }, [ticket, signedIn]);

  if (secondFactor && !error) return <SecondFactorForm step={secondFactor} signedIn={() => void signedIn()} startOver={startOver} />;
  if (!error) return <p role="status">One moment: your identity provider has vouched for you.</p>;
  return (
    <>
      <div className="alert" role="alert">
        {error}
      </div>
      <Link className="button" href="/login">
        Back to sign-in
      </Link>
    </>
  );
}
