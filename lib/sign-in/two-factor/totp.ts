import "server-only";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

// Authenticator apps (RFC 6238 as they all read it: SHA-1, 6 digits, 30 s).

/** A new shared secret, Base32 as the apps take it (20 random bytes). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** What an app scans: the otpauth URI and its QR code as SVG text. */
export async function totpEnrolment(secret: string, account: string, issuer: string): Promise<{ otpauth_uri: string; qr_code_svg: string }> {
  const otpauth_uri = generateURI({ issuer, label: account, secret });
  return { otpauth_uri, qr_code_svg: await QRCode.toString(otpauth_uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/**
 * The time step a code belongs to when it is right (the current step, or one
 * either side for a clock a little off), else null. The caller keeps the step
 * and refuses any code of that step or before it again: a code is good once.
 */
export async function checkTotp(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: 30, ...(afterTimeStep !== null && { afterTimeStep }) }).catch(() => null);
  // A TOTP result carries its time step (the HOTP one it shares a type with does not).
  return result?.valid && "timeStep" in result && typeof result.timeStep === "number" ? result.timeStep : null;
}
