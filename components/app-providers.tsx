"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";

export function AppProviders({ session, children }: { session: Session; children: React.ReactNode }) {
  return <SessionProvider session={session}>{children}</SessionProvider>;
}
