import { SsoTicket } from "@/components/sign-in/sso-ticket";

export const dynamic = "force-dynamic";

// Where a single sign-on lands: the ticket becomes the browser's session.
export default async function SsoLandingPage({ searchParams }: { searchParams: Promise<{ ticket?: string }> }) {
  const { ticket } = await searchParams;
  return (
    <div className="signin">
      <div className="panel">
        <h1>Signing you in…</h1>
        <SsoTicket ticket={ticket ?? ""} />
      </div>
    </div>
  );
}
