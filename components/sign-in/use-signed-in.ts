"use client";

import { getSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { homeFor } from "@/lib/navigation";

/**
 * Once a sign-in has its session: straight to the role's first page, in one
 * navigation. Through "/" the signed-in frame was on screen and in use before
 * that page's redirect arrived and moved it (a menu opened on a phone closed
 * itself, issue 42); a refresh after it was a second router action racing the first.
 */
export function useSignedIn(): () => Promise<void> {
  const router = useRouter();
  return useCallback(async () => {
    const session = await getSession();
    router.replace(session ? homeFor(session.user.role) : "/");
  }, [router]);
}
