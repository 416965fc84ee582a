"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { setDisplayTimeZone } from "@/lib/format/display";
import { EventStreamProvider } from "@/components/live/event-stream-provider";
import { CallDock } from "@/components/softphone/call-dock";
import { SoftphoneProvider } from "@/components/softphone/softphone-provider";

export function AppProviders({ session, timeZone, children }: { session: Session; timeZone: string; children: React.ReactNode }) {
  // Set during render, before any page below formats a time (on the client only: the server is shared by organizations).
  if (typeof window !== "undefined") setDisplayTimeZone(timeZone);
  return (
    <SessionProvider session={session}>
      <EventStreamProvider>
        <SoftphoneProvider>
          {children}
          <CallDock />
        </SoftphoneProvider>
      </EventStreamProvider>
    </SessionProvider>
  );
}
