import { redirect } from "next/navigation";
import { requireSession } from "@/lib/sign-in/current-session";
import { homeFor } from "@/lib/navigation";

export const dynamic = "force-dynamic";

export default async function Home() {
  const session = await requireSession();
  redirect(homeFor(session.user.role));
}
