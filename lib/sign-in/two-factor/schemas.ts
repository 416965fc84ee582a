import { z } from "zod";
import { requiredText } from "@/lib/http/required-text";

// Shared by the two-factor routes and the sign-in and account forms.

const code = requiredText("code").trim().min(1, "Enter the 6-digit code from your authenticator app, or a recovery code.").max(40, "A code is 6 digits, or a recovery code of 10 letters and digits.");
const challenge = requiredText("challenge").min(1, "The challenge is required: sign in with your password first.").max(100);

const b64 = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "A passkey's answer is base64url.");

/** navigator.credentials.get()'s answer as JSON (what @simplewebauthn/browser's startAuthentication returns). */
export const passkeyAssertionSchema = z
  .object({
    id: b64(1024),
    rawId: b64(1024),
    type: z.literal("public-key"),
    response: z.object({ clientDataJSON: b64(4096), authenticatorData: b64(4096), signature: b64(1024), userHandle: b64(512).optional() }).loose(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    // What a browser's WebAuthn answer holds is the W3C's to grow: fields we do not read are kept out of the strict-body rule.
  })
  .loose();

/** navigator.credentials.create()'s answer as JSON (startRegistration's). */
export const passkeyAttestationSchema = z
  .object({
    id: b64(1024),
    rawId: b64(1024),
    type: z.literal("public-key"),
    response: z
      .object({
        clientDataJSON: b64(4096),
        attestationObject: b64(16_384),
        transports: z
          .array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]))
          .max(7)
          .optional(),
        // Browsers add publicKey, publicKeyAlgorithm and authenticatorData, which the attestation already holds.
      })
      .loose(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  })
  .loose();

/** POST /api/login/second-factor: the challenge of POST /api/login's 401 and a code or a passkey's answer (neither once setup passed the challenge). */
export const secondFactorSchema = z.object({ challenge, code: code.optional(), passkey: passkeyAssertionSchema.optional() });

/** POST /api/account/two-factor/passkeys: a name the user knows it by, and the authenticator's answer. */
export const addPasskeySchema = z.object({
  name: requiredText("name").trim().min(1, 'Name the passkey ("Work laptop", "YubiKey").').max(100, "A passkey's name is at most 100 characters."),
  response: passkeyAttestationSchema,
});
/** POST /api/login/second-factor/setup. */
export const setupAtSignInSchema = z.object({ challenge });
/** POST /api/login/second-factor/confirm. */
export const confirmAtSignInSchema = z.object({ challenge, code });
/** A current code, asked before changing one's own second factor: optional where the session proved its user in the last five minutes. */
export const codeSchema = z.object({ code });
export const optionalCodeSchema = z.object({ code: code.optional() });

/**
 * POST /api/account/two-factor/proof: the session proves its user before a
 * factor changes, with one of a current code (or a recovery code), a passkey's
 * answer, or, for a user who has no factor yet, their password.
 */
export const identityProofSchema = z
  .object({ code: code.optional(), passkey: passkeyAssertionSchema.optional(), password: z.string().min(1, "Enter your password.").max(200).optional() })
  .refine((proof) => [proof.code, proof.passkey, proof.password].filter((given) => given !== undefined).length === 1, {
    message: "Give one of a code, a passkey's answer or your password.",
    path: ["code"],
  });
export type IdentityProof = z.infer<typeof identityProofSchema>;

export const identityProofAnswer = z.object({
  proved_until: z.string().meta({ description: "Until when this session may change its user's second factors without proving again" }),
  method: z.enum(["totp", "recovery_code", "passkey", "password"]),
});

export const totpSetupAnswer = z.object({
  secret: z.string().meta({ description: "The shared secret in Base32, for typing into the app by hand" }),
  otpauth_uri: z.string().meta({ description: "otpauth://totp/… as authenticator apps read it" }),
  qr_code_svg: z.string().meta({ description: "The URI as a QR code, SVG text" }),
});

export const recoveryCodesAnswer = z.object({
  recovery_codes: z.array(z.string()).meta({ description: "Ten single-use codes, shown this once; each stands in for the authenticator at one sign-in" }),
});

/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON, for @simplewebauthn/browser. */
export const passkeyOptionsAnswer = z
  .object({ challenge: z.string() })
  .catchall(z.unknown())
  .meta({ description: "WebAuthn options as JSON: hand them to navigator.credentials (startRegistration / startAuthentication)" });

export const addedPasskeyAnswer = z.object({
  recovery_codes: z.array(z.string()).nullable().meta({ description: "The user's first factor comes with ten recovery codes, shown this once; null otherwise" }),
});

export const twoFactorStatusAnswer = z.object({
  totp: z.object({ confirmed_at: z.string(), last_used_at: z.string().nullable() }).nullable(),
  passkeys: z.array(z.object({ id: z.number().int(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })),
  recovery_codes_left: z.number().int(),
  required: z.boolean().meta({ description: "The organization requires a second factor of this user (Settings → Security)" }),
  proved_until: z
    .string()
    .nullable()
    .meta({ description: "Until when this session may change its second factors without proving it is you again (null: prove first, POST /api/account/two-factor/proof)" }),
  proof_methods: z.array(z.string()).meta({ description: "How you may prove it is you: totp, passkey, recovery_code, or password while you have no factor" }),
});
