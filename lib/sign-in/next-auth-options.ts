import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { clientAddress, userAgentOf } from "@/lib/http/client-address";
import { AppError } from "@/lib/errors/app-error";
import { login } from "./login";
import { revokeBearer } from "./revoke-bearer";
import { loginSchema } from "./schemas";
import { resolveBearer } from "@/lib/sign-in/resolve-bearer";
import { finishSecondFactor } from "@/lib/sign-in/finish-second-factor";
import { secondFactorSchema } from "@/lib/sign-in/two-factor/schemas";
import { SECOND_FACTOR_ERROR } from "./second-factor-error";
import { finishSingleSignOn } from "./finish-single-sign-on";
import { SSO_STATE_COOKIE } from "@/lib/sign-in/sso/sso-state-cookie";
import { refusalReason } from "@/lib/sign-in/sso/sso-refusal";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";

/** One cookie's value from a Cookie header. */
function cookieValue(header: string | string[] | undefined, name: string): string | null {
  const text = Array.isArray(header) ? header.join("; ") : (header ?? "");
  for (const part of text.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

const SESSION_ENDED = "session_ended";

// The web sign-in. next-auth keeps the browser session in a signed JWT cookie;
// the session carries the API bearer token that the pages send to /api/*, so
// the pages and any other client go through the very same API and checks.
export function authOptions(): NextAuthOptions {
  const config = env();
  return {
    secret: config.NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: config.TOKEN_TTL_DAYS * 86_400 },
    pages: { signIn: "/login" },
    logger: {
      // An ended session is an answer, not a fault: next-auth reports it as JWT_SESSION_ERROR.
      error(code, metadata) {
        const cause = metadata instanceof Error ? metadata : (metadata as { error?: Error } | undefined)?.error;
        if (code === "JWT_SESSION_ERROR" && cause?.message === SESSION_ENDED) return;
        logger.error("next-auth", { code, error: cause?.message ?? String(metadata) });
      },
      warn(code) {
        logger.warn("next-auth", { code });
      },
      debug() {},
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        // The first step (email and password), or the second (the challenge the first answered, and a code).
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          challenge: { type: "hidden" },
          code: { label: "Code", type: "text" },
          passkey: { type: "hidden" },
          ticket: { type: "hidden" },
        },
        async authorize(credentials, req) {
          const address = clientAddress(req?.headers ?? {});
          try {
            if (credentials?.ticket) {
              // A single sign-on's last step: only the browser holding the sign-in's state (its cookie) may spend the ticket.
              const state = cookieValue(req?.headers?.cookie, SSO_STATE_COOKIE);
              const { user, token } = await finishSingleSignOn({ ticket: credentials.ticket, state, origin: { kind: "web", address, userAgent: userAgentOf(req?.headers) } });
              return { ...user, id: String(user.id), apiToken: token };
            }
            if (credentials?.challenge) {
              // A passkey's answer comes as JSON text: credentials are form fields.
              const passkey = credentials.passkey
                ? (() => {
                    try {
                      return JSON.parse(credentials.passkey);
                    } catch {
                      return "unreadable";
                    }
                  })()
                : undefined;
              const step = secondFactorSchema.safeParse({ challenge: credentials.challenge, code: credentials.code || undefined, passkey });
              if (!step.success) return null;
              const { user, token } = await finishSecondFactor({ ...step.data, passkey: step.data.passkey as AuthenticationResponseJSON | undefined, kind: "web", clientAddress: address });
              return { ...user, id: String(user.id), apiToken: token };
            }
            const input = loginSchema.safeParse(credentials);
            if (!input.success) return null;
            const { user, token } = await login({ input: input.data, clientAddress: address, kind: "web", userAgent: userAgentOf(req?.headers) });
            return { ...user, id: String(user.id), apiToken: token };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // The form's next step rides in the error, next-auth's one way back from authorize (second-factor-error.ts).
            const secondFactor = error.details.extra?.second_factor;
            if (secondFactor) throw new Error(SECOND_FACTOR_ERROR.encode(secondFactor));
            // The page names these; anything else is "do not match".
            if (error.code === "rate_limited" || error.code === "unavailable") throw new Error(error.code);
            if (error.details.extra?.sso_required) throw new Error("sso_only");
            if (credentials?.ticket) throw new Error(`sso_${refusalReason(error) ?? "expired"}`);
            if (credentials?.challenge) throw new Error(error.code === "validation" ? "wrong_code" : "challenge_over");
            return null;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.role = user.role;
          token.organization_id = user.organization_id;
          token.department_id = user.department_id;
          token.apiToken = user.apiToken;
          return token;
        }
        // The role and department the pages are drawn for are read again with the API token, as every API
        // request reads them: a user demoted or moved meanwhile gets the navigation and pages of their new
        // rights (issue 40), not those they signed in with.
        let current;
        try {
          current = typeof token.apiToken === "string" ? await resolveBearer(token.apiToken) : null;
        } catch {
          // The database did not answer: the session stays as it was, and the pages' API requests decide.
          return token;
        }
        // A session ended (signed out elsewhere, ended by an admin, the user deactivated) makes the cookie
        // worth nothing (issue 59, point 9): next-auth answers no session and clears it, so no page draws
        // the user's name or email and GET /api/auth/session hands out neither it nor the dead token.
        if (!current || current.id !== token.uid) throw new Error(SESSION_ENDED);
        token.role = current.role;
        token.organization_id = current.organization_id;
        token.department_id = current.department_id;
        token.name = current.name;
        return token;
      },
      session({ session, token }) {
        session.apiToken = token.apiToken;
        session.user = {
          id: token.uid,
          name: token.name ?? "",
          email: token.email ?? "",
          role: token.role,
          organization_id: token.organization_id,
          department_id: token.department_id,
        };
        return session;
      },
    },
    events: {
      // Signing out of the web app revokes the API token the session held.
      async signOut({ token }) {
        if (token?.apiToken) await revokeBearer(token.apiToken);
      },
    },
  };
}
