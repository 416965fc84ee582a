"use client";

import { getSession, signIn } from "next-auth/react";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { homeFor } from "@/lib/navigation";
import { SSO_REFUSALS, type SsoRefusalReason } from "@/lib/sso/sso-refusal";

/** Spends a single sign-on's ticket through next-auth (the state cookie goes with it), then opens the role's first page. */
export function SsoTicket({ ticket }: { ticket: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(ticket ? null : SSO_REFUSALS.expired);
  const spent = useRef(false);

  useEffect(() => {
    // Once: a ticket is good once, and a second render must not spend it again.
    if (!ticket || spent.current) return;
    spent.current = true;
    void (async () => {
      const result = await signIn("credentials", { ticket, redirect: false });
      if (!result || result.error) {
        const reason = result?.error?.replace(/^sso_/, "") as SsoRefusalReason | undefined;
        return setError((reason && SSO_REFUSALS[reason]) ?? SSO_REFUSALS.expired);
      }
      const session = await getSession();
      router.replace(session ? homeFor(session.user.role) : "/");
    })();
  }, [ticket, router]);

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
