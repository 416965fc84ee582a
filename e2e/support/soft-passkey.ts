import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A passkey made in software, answering WebAuthn options exactly as a
// browser's authenticator does (attestation "none", ES256 over P-256), so the
// API tests play the browser and its authenticator the way provider tests
// play the provider: real signatures the server must check, nothing mocked.

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};

/** `verifiesUser` false plays a security key without a PIN or a fingerprint: its answers never say the user was verified. */
export function softPasskey(origin: string, { verifiesUser = true }: { verifiesUser?: boolean } = {}) {
  // The authenticator data's flags: user present (0x01), user verified (0x04), attested credential data (0x40).
  const verified = verifiesUser ? 0x04 : 0;
  const rpIdHash = createHash("sha256").update(new URL(origin).hostname).digest();
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
  const credentialId = randomBytes(16);
  const id = b64u(credentialId);
  let counter = 0;
  // The credential's public key as COSE: EC2, ES256, P-256, x, y.
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]),
  );
  const clientData = (type: string, challenge: string, from = origin) => Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  return {
    id,
    /** navigator.credentials.create()'s answer to creation options. */
    create(options: { challenge: string }) {
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x41 | verified]), u32(counter), Buffer.alloc(16), u16(credentialId.length), credentialId, Buffer.from(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: { clientDataJSON: b64u(clientData("webauthn.create", options.challenge)), attestationObject: b64u(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
      };
    },
    /** navigator.credentials.get()'s answer to request options; `counterStep` 0 plays a cloned authenticator, `from` another site. */
    get(options: { challenge: string }, { counterStep = 1, from = origin }: { counterStep?: number; from?: string } = {}) {
      counter += counterStep;
      const clientDataJSON = clientData("webauthn.get", options.challenge, from);
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([0x01 | verified]), u32(counter)]);
      const signature = sign("sha256", Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authenticatorData), signature: b64u(signature) },
        clientExtensionResults: {},
      };
    },
  };
}
