import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "@/lib/sign-in/next-auth-options";
import { isSetupNeeded } from "@/lib/setup/setup-needed";
import { SignInForm } from "@/components/sign-in-form";
import { SSO_REFUSALS, type SsoRefusalReason } from "@/lib/sign-in/sso/sso-refusal";

export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ sso_error?: string }> }) {
  const session = await getServerSession(authOptions());
  if (session?.apiToken) redirect("/");
  // Nobody can sign in before the first administrator exists.
  if (await isSetupNeeded()) redirect("/setup");
  // A single sign-on that came back refused says why (the reason is one of ours, never the provider's text).
  const { sso_error: reason } = await searchParams;
  const ssoError = reason && reason in SSO_REFUSALS ? SSO_REFUSALS[reason as SsoRefusalReason] : null;
  return (
    <div className="signin">
      <div className="panel">
        <h1>Sign in to Contact Center</h1>
        <SignInForm initialError={ssoError} />
      </div>
    </div>
  );
}
