"use client";

import { signOut } from "next-auth/react";
import { SIGNING_OUT } from "@/components/live/signing-out";

export function SignOutButton() {
  // The event stream closes first: signing out ends its token, and a stream that found it refused would ask why (a 401 in the console).
  const leave = () => {
    window.dispatchEvent(new Event(SIGNING_OUT));
    void signOut({ callbackUrl: "/login" });
  };
  return (
    <button className="button secondary" type="button" onClick={leave}>
      Sign out
    </button>
  );
}
