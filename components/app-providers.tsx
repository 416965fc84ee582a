"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { setDisplayTimeZone } from "@/lib/client/format/display";
import { EventStreamProvider } from "@/components/live/event-stream-provider";
import { CallDockWhenCalling } from "@/components/softphone/call-dock-when-calling";
import { SoftphoneProvider, type TelephonyReadiness } from "@/components/softphone/softphone-provider";
import { DisplayZone } from "@/components/ui/times-shown-in";

export function AppProviders({ session, timeZone, telephony, children }: { session: Session; timeZone: string; telephony: TelephonyReadiness; children: React.ReactNode }) {
  // Set during render, before any page below formats a time (on the client only: the server is shared by organizations).
  if (typeof window !== "undefined") setDisplayTimeZone(timeZone);
  return (
    <SessionProvider session={session}>
      <DisplayZone.Provider value={timeZone}>
        <EventStreamProvider>
          <SoftphoneProvider telephony={telephony}>
            {children}
            <CallDockWhenCalling />
          </SoftphoneProvider>
        </EventStreamProvider>
      </DisplayZone.Provider>
    </SessionProvider>
  );
}
