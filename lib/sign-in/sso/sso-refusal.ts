import { AppError } from "@/lib/errors/app-error";

// Why a single sign-on ended without a sign-in. The provider's callbacks are
// browser navigations, so the reason travels to the sign-in page in its
// address (?sso_error=reason) and the page says it in words; API clients get
// the same words in a 422.
export const SSO_REFUSALS = {
  expired: "This sign-in has expired or was already used. Start again.",
  provider_refused: "Your identity provider did not sign you in.",
  invalid_answer: "Your identity provider's answer could not be verified.",
  not_covered: "Your identity provider answered for an address this organization's single sign-on does not cover.",
  no_account: "There is no account for this address here. Ask your administrator to add you.",
  inactive: "This account is deactivated.",
  above_connection: "This account cannot sign in through an organization's single sign-on. Sign in with your password and second factor.",
  other_identity: "This account is linked to another identity at your provider.",
  wrong_browser: "This sign-in was started in another browser. Start again here.",
  unavailable: "Single sign-on is not available for this address.",
} as const;

export type SsoRefusalReason = keyof typeof SSO_REFUSALS;

export function ssoRefusal(reason: SsoRefusalReason): AppError {
  return new AppError("validation", SSO_REFUSALS[reason], { errors: { sso: [SSO_REFUSALS[reason]] }, extra: { sso_error: reason } });
}

/** The reason a refusal carries, or null for any other error. */
export function refusalReason(error: unknown): SsoRefusalReason | null {
  if (!(error instanceof AppError)) return null;
  const reason = error.details.extra?.sso_error;
  return typeof reason === "string" && reason in SSO_REFUSALS ? (reason as SsoRefusalReason) : null;
}
