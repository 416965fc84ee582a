import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "@/lib/sign-in/next-auth-options";
import { isSetupNeeded } from "@/lib/setup/setup-needed";
import { SignInForm } from "@/components/sign-in-form";

export const dynamic = "force-dynamic";

export default async function LoginPage() {
  const session = await getServerSession(authOptions());
  if (session?.apiToken) redirect("/");
  // Nobody can sign in before the first administrator exists.
  if (await isSetupNeeded()) redirect("/setup");
  return (
    <div className="signin">
      <div className="panel">
        <h1>Sign in to Contact Center</h1>
        <SignInForm />
      </div>
    </div>
  );
}
