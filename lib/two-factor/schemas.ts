import { z } from "zod";
import { requiredText } from "@/lib/http/required-text";

// Shared by the two-factor routes and the sign-in and account forms.

const code = requiredText("code").trim().min(1, "Enter the 6-digit code from your authenticator app, or a recovery code.").max(40, "A code is 6 digits, or a recovery code of 10 letters and digits.");
const challenge = requiredText("challenge").min(1, "The challenge is required: sign in with your password first.").max(100);

/** POST /api/login/second-factor: the challenge of POST /api/login's 401 and a code (none once setup passed the challenge). */
export const secondFactorSchema = z.object({ challenge, code: code.optional() });
/** POST /api/login/second-factor/setup. */
export const setupAtSignInSchema = z.object({ challenge });
/** POST /api/login/second-factor/confirm. */
export const confirmAtSignInSchema = z.object({ challenge, code });
/** A current code, asked before changing one's own second factor. */
export const codeSchema = z.object({ code });

export const totpSetupAnswer = z.object({
  secret: z.string().meta({ description: "The shared secret in Base32, for typing into the app by hand" }),
  otpauth_uri: z.string().meta({ description: "otpauth://totp/… as authenticator apps read it" }),
  qr_code_svg: z.string().meta({ description: "The URI as a QR code, SVG text" }),
});

export const recoveryCodesAnswer = z.object({
  recovery_codes: z.array(z.string()).meta({ description: "Ten single-use codes, shown this once; each stands in for the authenticator at one sign-in" }),
});

export const twoFactorStatusAnswer = z.object({
  totp: z.object({ confirmed_at: z.string(), last_used_at: z.string().nullable() }).nullable(),
  recovery_codes_left: z.number().int(),
  required: z.boolean().meta({ description: "The organization requires a second factor of this user (Settings → Security)" }),
});
