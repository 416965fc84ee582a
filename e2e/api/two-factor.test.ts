import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { api, suiteUrl } from "../support/api";
import { softPasskey } from "../support/soft-passkey";
import { createTenant, FACTORY_PASSWORD } from "../support/factories";

// Issue 46, point 3: two-factor authentication with an authenticator app
// (TOTP), passkeys (WebAuthn, played by a software authenticator) and
// recovery codes. No bearer token is issued before the second
// factor; a code is good once; codes count against the login limits; an
// organization can require a factor, and whoever it covers sets one up at
// their next sign-in.

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** The code an app shows now, or `steps` periods from now (the server accepts one step either side). */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The session proves its user before a factor changes: the password while they have none (issue 59, point 3). */
async function prove(tenant: Tenant, token: string, proof: Record<string, unknown> = { password: FACTORY_PASSWORD }) {
  const proved = await tenant.client.request("POST", "/api/account/two-factor/proof", { token, body: proof });
  expect(proved.status, JSON.stringify(proved.body)).toBe(200);
  return proved.body;
}

async function turnOn(tenant: Tenant, user: { token: string }) {
  await prove(tenant, user.token);
  const setup = await tenant.client.request("POST", "/api/account/two-factor/totp", { token: user.token });
  expect(setup.status).toBe(200);
  const confirmed = await tenant.client.request("POST", "/api/account/two-factor/totp/confirm", { token: user.token, body: { code: await codeFor(setup.body.secret) } });
  expect(confirmed.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

async function passwordStep(email: string, client = api()) {
  const answer = await client.request("POST", "/api/login", { body: { email, password: FACTORY_PASSWORD } });
  return { client, answer };
}

describe("two-factor authentication", () => {
  it("a user sets up an authenticator; sign-in then asks for its code before any token, and each code is good once", async () => {
    const tenant = await createTenant();
    expect((await tenant.client.get("/api/account/two-factor", tenant.agentA.token)).body).toEqual({
      totp: null,
      passkeys: [],
      recovery_codes_left: 0,
      required: false,
      proved_until: null,
      proof_methods: ["password"],
    });

    await prove(tenant, tenant.agentA.token);
    const setup = await tenant.client.request("POST", "/api/account/two-factor/totp", { token: tenant.agentA.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qr_code_svg).toMatch(/^<svg/);
    // Not on until its first code: a wrong one is refused in words, and sign-in is as before.
    const wrong = await tenant.client.request("POST", "/api/account/two-factor/totp/confirm", { token: tenant.agentA.token, body: { code: "000000" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code[0]).toMatch(/not right/);
    expect((await passwordStep(tenant.agentA.email)).answer.status).toBe(200);

    const confirmed = await tenant.client.request("POST", "/api/account/two-factor/totp/confirm", { token: tenant.agentA.token, body: { code: await codeFor(setup.body.secret) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await tenant.client.get("/api/account/two-factor", tenant.agentA.token)).body;
    expect(status).toMatchObject({ totp: { confirmed_at: expect.any(String) }, recovery_codes_left: 10, required: false });
    // A second setup while one is on is refused: a stolen session cannot swap the authenticator.
    // Not even with a proof made before it was on: that proof counted for no factor.
    expect((await tenant.client.request("POST", "/api/account/two-factor/totp", { token: tenant.agentA.token })).status).toBe(403);
    await prove(tenant, tenant.agentA.token, { code: codes[9] });
    expect((await tenant.client.request("POST", "/api/account/two-factor/totp", { token: tenant.agentA.token })).status).toBe(409);
    // Nor can a password alone set one up in the middle of a sign-in.
    const attacker = await passwordStep(tenant.agentA.email);
    expect((await attacker.client.request("POST", "/api/login/second-factor/setup", { body: { challenge: attacker.answer.body.second_factor.challenge } })).status).toBe(409);

    // The password alone earns a challenge, not a token.
    const first = await passwordStep(tenant.agentA.email);
    expect(first.answer.status).toBe(401);
    expect(first.answer.body.token).toBeUndefined();
    const step = first.answer.body.second_factor;
    expect(step).toMatchObject({ setup_required: false, methods: ["totp", "recovery_code"] });
    expect(Date.parse(step.expires_at) - Date.now()).toBeGreaterThan(4 * 60_000);

    expect((await first.client.request("POST", "/api/login/second-factor", { body: { challenge: step.challenge } })).status).toBe(422);
    const bad = await first.client.request("POST", "/api/login/second-factor", { body: { challenge: step.challenge, code: "123456" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code).toHaveLength(1);
    // The confirm step spent the current step's code; the next step's code is good.
    const code = await codeFor(setup.body.secret, 1);
    const done = await first.client.request("POST", "/api/login/second-factor", { body: { challenge: step.challenge, code } });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(tenant.agentA.email);
    expect((await first.client.get("/api/user", done.body.token)).status).toBe(200);
    // The challenge is used, and the same code again is refused on a new challenge: a code is good once.
    expect((await first.client.request("POST", "/api/login/second-factor", { body: { challenge: step.challenge, code } })).status).toBe(401);
    const again = await passwordStep(tenant.agentA.email);
    const replay = await again.client.request("POST", "/api/login/second-factor", { body: { challenge: again.answer.body.second_factor.challenge, code } });
    expect(replay.status).toBe(422);

    // A recovery code stands in for the phone, once (typed in capitals and without its dash too).
    const typed = codes[0].toUpperCase().replace("-", "");
    const recovered = await again.client.request("POST", "/api/login/second-factor", { body: { challenge: again.answer.body.second_factor.challenge, code: typed } });
    expect(recovered.status).toBe(200);
    const third = await passwordStep(tenant.agentA.email);
    expect((await third.client.request("POST", "/api/login/second-factor", { body: { challenge: third.answer.body.second_factor.challenge, code: codes[0] } })).status).toBe(422);
    expect((await tenant.client.get("/api/account/two-factor", tenant.agentA.token)).body.recovery_codes_left).toBe(8);

    // Audited: enabled, the wrong codes, a sign-in with each factor, the recovery code used.
    const audit = (await tenant.client.get(`/api/audit-log?subject_type=user&subject_id=${tenant.agentA.id}&per_page=100`, tenant.admin.token)).body.data as {
      action: string;
      details: Record<string, unknown>;
    }[];
    const actions = audit.map((entry) => entry.action);
    expect(actions).toContain("user.two_factor_enabled");
    expect(actions).toContain("user.recovery_code_used");
    expect(audit.filter((entry) => entry.action === "user.sign_in_failed" && entry.details.reason === "wrong_code").length).toBeGreaterThanOrEqual(3);
    expect(audit.filter((entry) => entry.action === "user.signed_in").map((entry) => entry.details.second_factor)).toEqual(expect.arrayContaining(["totp", "recovery_code"]));
  });

  it("codes count against the login limits: after the password and four wrong codes, even the right code is refused", async () => {
    const tenant = await createTenant();
    const { secret } = await turnOn(tenant, tenant.agentB);
    const { client, answer } = await passwordStep(tenant.agentB.email);
    const challenge = answer.body.second_factor.challenge;
    for (let i = 0; i < 4; i += 1) expect((await client.request("POST", "/api/login/second-factor", { body: { challenge, code: "999999" } })).status).toBe(422);
    const limited = await client.request("POST", "/api/login/second-factor", { body: { challenge, code: await codeFor(secret, 1) } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("an organization that requires a factor walks a user without one through setup at sign-in; they cannot turn it off; an admin resets it", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    expect((await tenant.client.request("PUT", "/api/settings/security", { token: tenant.managerA.token, body: { two_factor_required: "everyone" } })).status).toBe(403);
    expect((await tenant.client.request("PUT", "/api/settings/security", { token: tenant.admin.token, body: { two_factor_required: "always" } })).status).toBe(422);
    const set = await tenant.client.request("PUT", "/api/settings/security", { token: tenant.admin.token, body: { two_factor_required: "everyone" } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ two_factor_required: "everyone" });
    // Another organization is not touched.
    expect((await passwordStep(other.agentA.email)).answer.status).toBe(200);

    const { client, answer } = await passwordStep(tenant.agentA.email);
    expect(answer.status).toBe(401);
    const step = answer.body.second_factor;
    expect(step).toMatchObject({ setup_required: true, methods: ["totp"] });
    // Nothing to finish before the setup.
    expect((await client.request("POST", "/api/login/second-factor", { body: { challenge: step.challenge, code: "123456" } })).status).toBe(422);
    const setup = await client.request("POST", "/api/login/second-factor/setup", { body: { challenge: step.challenge } });
    expect(setup.status).toBe(200);
    const confirmed = await client.request("POST", "/api/login/second-factor/confirm", { body: { challenge: step.challenge, code: await codeFor(setup.body.secret) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    // Passed by its setup, the challenge finishes the sign-in alone, once.
    const done = await client.request("POST", "/api/login/second-factor", { body: { challenge: step.challenge } });
    expect(done.status).toBe(200);
    expect((await client.request("POST", "/api/login/second-factor", { body: { challenge: step.challenge } })).status).toBe(401);
    const token = done.body.token as string;
    expect((await client.get("/api/account/two-factor", token)).body).toMatchObject({ required: true, recovery_codes_left: 10 });
    const off = await client.request("DELETE", "/api/account/two-factor/totp", { token, body: { code: await codeFor(setup.body.secret, 1) } });
    expect(off.status).toBe(409);

    // Lost phone: only an admin of the organization resets it; then the next sign-in sets one up again.
    expect((await tenant.client.request("DELETE", `/api/users/${tenant.agentA.id}/two-factor`, { token: tenant.agentB.token })).status).toBe(403);
    expect((await other.client.request("DELETE", `/api/users/${tenant.agentA.id}/two-factor`, { token: other.admin.token })).status).toBe(404);
    expect((await tenant.client.request("DELETE", `/api/users/${tenant.agentA.id}/two-factor`, { token: tenant.admin.token })).status).toBe(204);
    expect((await passwordStep(tenant.agentA.email)).answer.body.second_factor.setup_required).toBe(true);

    const audit = (await tenant.client.get("/api/audit-log?per_page=100", tenant.admin.token)).body.data as { action: string; user_id: number; details: Record<string, unknown> }[];
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "settings.security_changed", user_id: tenant.admin.id, details: { two_factor_required: "everyone" } }),
        expect.objectContaining({ action: "user.two_factor_enabled", details: expect.objectContaining({ during: "sign_in" }) }),
        expect.objectContaining({ action: "user.two_factor_reset", user_id: tenant.admin.id }),
      ]),
    );
  });

  it("a user turns their factor off with a current code and signs in with the password alone again", async () => {
    const tenant = await createTenant();
    const { secret } = await turnOn(tenant, tenant.managerA);
    // No code, and the password proof made before the authenticator was on no longer counts.
    const unproved = await tenant.client.request("DELETE", "/api/account/two-factor/totp", { token: tenant.managerA.token, body: {} });
    expect(unproved.status).toBe(403);
    expect(unproved.body).toMatchObject({ proof_required: true, methods: ["totp", "recovery_code"] });
    expect((await tenant.client.request("DELETE", "/api/account/two-factor/totp", { token: tenant.managerA.token, body: { code: "000000" } })).status).toBe(422);
    const renewed = await tenant.client.request("POST", "/api/account/two-factor/recovery-codes", { token: tenant.managerA.token, body: { code: await codeFor(secret, 1) } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    // A recovery code also turns it off (the phone is gone).
    expect((await tenant.client.request("DELETE", "/api/account/two-factor/totp", { token: tenant.managerA.token, body: { code: renewed.body.recovery_codes[3] } })).status).toBe(204);
    expect((await tenant.client.get("/api/account/two-factor", tenant.managerA.token)).body).toMatchObject({
      totp: null,
      passkeys: [],
      recovery_codes_left: 0,
      required: false,
      proof_methods: ["password"],
    });
    expect((await passwordStep(tenant.managerA.email)).answer.status).toBe(200);
  });
});

describe("passkeys as a second factor", () => {
  it("a user adds a passkey; sign-in then takes its signature for this sign-in only, refuses a replayed, cloned or foreign one, and a recovery code removes it", async () => {
    const tenant = await createTenant();
    const origin = new URL(suiteUrl()).origin;
    const key = softPasskey(origin);
    await prove(tenant, tenant.agentA.token);
    const options = await tenant.client.request("POST", "/api/account/two-factor/passkeys/options", { token: tenant.agentA.token });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { id: new URL(origin).hostname }, user: { name: tenant.agentA.email }, attestation: "none" });
    expect((await tenant.client.request("POST", "/api/account/two-factor/passkeys", { token: tenant.agentA.token, body: { name: "", response: key.create(options.body) } })).status).toBe(422);
    // An answer to another challenge is refused.
    expect(
      (
        await tenant.client.request("POST", "/api/account/two-factor/passkeys", {
          token: tenant.agentA.token,
          body: { name: "Laptop", response: key.create({ challenge: "bm90LXRoZS1jaGFsbGVuZ2U" }) },
        })
      ).status,
    ).toBe(422);
    const added = await tenant.client.request("POST", "/api/account/two-factor/passkeys", { token: tenant.agentA.token, body: { name: "Laptop", response: key.create(options.body) } });
    expect(added.status).toBe(200);
    const codes = added.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    // The options are good once (asked of a session that proved itself with the new factor's recovery code).
    await prove(tenant, tenant.agentA.token, { code: codes[9] });
    expect((await tenant.client.request("POST", "/api/account/two-factor/passkeys", { token: tenant.agentA.token, body: { name: "Again", response: key.create(options.body) } })).status).toBe(409);
    const status = (await tenant.client.get("/api/account/two-factor", tenant.agentA.token)).body;
    expect(status).toMatchObject({ totp: null, recovery_codes_left: 9, passkeys: [{ name: "Laptop", last_used_at: null }] });

    const { client, answer } = await passwordStep(tenant.agentA.email);
    expect(answer.status).toBe(401);
    expect(answer.body.second_factor.methods).toEqual(["passkey", "recovery_code"]);
    const challenge = answer.body.second_factor.challenge as string;
    // The password alone cannot pass the second step by setting up an authenticator of its own choosing.
    expect((await client.request("POST", "/api/login/second-factor/setup", { body: { challenge } })).status).toBe(409);
    expect((await client.request("POST", "/api/login/second-factor/confirm", { body: { challenge, code: "123456" } })).status).toBe(409);
    const finish = (passkey: unknown) => client.request("POST", "/api/login/second-factor", { body: { challenge, passkey } });
    // Options first: a passkey's answer must sign this sign-in's own WebAuthn challenge.
    expect((await finish(key.get({ challenge: "c29tZS1jaGFsbGVuZ2U" }))).status).toBe(422);
    const request = await client.request("POST", "/api/login/second-factor/passkey", { body: { challenge } });
    expect(request.status).toBe(200);
    expect(request.body.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    expect((await finish(key.get(request.body, { from: "https://look-alike.example" }))).status).toBe(422);
    const signed = key.get(request.body);
    const done = await finish(signed);
    expect(done.status).toBe(200);
    expect((await client.get("/api/user", done.body.token)).status).toBe(200);

    // On a new sign-in the same signature is refused (it signed the old challenge), and so is an
    // authenticator whose counter did not move on (a clone).
    const again = await passwordStep(tenant.agentA.email);
    const againChallenge = again.answer.body.second_factor.challenge;
    const againOptions = await again.client.request("POST", "/api/login/second-factor/passkey", { body: { challenge: againChallenge } });
    expect(againOptions.status).toBe(200);
    expect((await again.client.request("POST", "/api/login/second-factor", { body: { challenge: againChallenge, passkey: signed } })).status).toBe(422);
    expect((await again.client.request("POST", "/api/login/second-factor", { body: { challenge: againChallenge, passkey: key.get(againOptions.body, { counterStep: 0 }) } })).status).toBe(422);

    // Removed with a recovery code; sign-in is by password alone again.
    const id = status.passkeys[0].id;
    expect((await tenant.client.request("DELETE", `/api/account/two-factor/passkeys/${id}`, { token: tenant.agentB.token, body: { code: codes[0] } })).status).toBe(404);
    expect((await tenant.client.request("DELETE", `/api/account/two-factor/passkeys/${id}`, { token: tenant.agentA.token, body: { code: codes[0] } })).status).toBe(204);
    expect((await passwordStep(tenant.agentA.email)).answer.status).toBe(200);
    const audit = (await tenant.client.get(`/api/audit-log?subject_type=user&subject_id=${tenant.agentA.id}&per_page=100`, tenant.admin.token)).body.data as {
      action: string;
      details: Record<string, unknown>;
    }[];
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "user.two_factor_enabled", details: expect.objectContaining({ factor: "passkey", name: "Laptop" }) }),
        expect.objectContaining({ action: "user.sign_in_failed", details: expect.objectContaining({ reason: "wrong_passkey" }) }),
        expect.objectContaining({ action: "user.signed_in", details: expect.objectContaining({ second_factor: "passkey" }) }),
        expect.objectContaining({ action: "user.two_factor_disabled", details: expect.objectContaining({ factor: "passkey", last: true }) }),
      ]),
    );
  });
});

// Issue 63, point 5: the options ask for user verification as "preferred", and the
// answers are checked the same way: a security key without a PIN (its answers never
// say the user was verified) enrols and signs in, as the second factor after the password.
describe("a passkey that does not verify the user", () => {
  it("a PIN-less security key is added and signs in, asked for verification as preferred", async () => {
    const tenant = await createTenant();
    const key = softPasskey(new URL(suiteUrl()).origin, { verifiesUser: false });
    await prove(tenant, tenant.agentA.token);
    const options = await tenant.client.request("POST", "/api/account/two-factor/passkeys/options", { token: tenant.agentA.token });
    expect(options.body.authenticatorSelection).toMatchObject({ userVerification: "preferred" });
    const added = await tenant.client.request("POST", "/api/account/two-factor/passkeys", { token: tenant.agentA.token, body: { name: "Security key", response: key.create(options.body) } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    const { client, answer } = await passwordStep(tenant.agentA.email);
    const challenge = answer.body.second_factor.challenge as string;
    const request = await client.request("POST", "/api/login/second-factor/passkey", { body: { challenge } });
    expect(request.body.userVerification).toBe("preferred");
    const done = await client.request("POST", "/api/login/second-factor", { body: { challenge, passkey: key.get(request.body) } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await client.get("/api/user", done.body.token)).status).toBe(200);
  });
});

// Issue 59, point 3: changing a second factor needs the current one. A "stolen session" here is a
// second session of the user, signed in the ordinary way, that has not proved anything since.
describe("changing a second factor needs the current one", () => {
  it("a session alone cannot add an authenticator to a passkey account, read new recovery codes or remove the passkey; a passkey proof can", async () => {
    const tenant = await createTenant();
    const key = softPasskey(new URL(suiteUrl()).origin);
    // With no factor yet, the password proves: wrong is 422, and nothing changes without it.
    const unproved = await tenant.client.request("POST", "/api/account/two-factor/passkeys/options", { token: tenant.agentA.token });
    expect(unproved.status).toBe(403);
    expect(unproved.body).toMatchObject({ proof_required: true, methods: ["password"] });
    expect((await tenant.client.request("POST", "/api/account/two-factor/proof", { token: tenant.agentA.token, body: { password: "not-the-password" } })).status).toBe(422);
    expect((await tenant.client.request("POST", "/api/account/two-factor/proof", { token: tenant.agentA.token, body: { password: FACTORY_PASSWORD, code: "123456" } })).status).toBe(422);
    await prove(tenant, tenant.agentA.token);
    const options = await tenant.client.request("POST", "/api/account/two-factor/passkeys/options", { token: tenant.agentA.token });
    const added = await tenant.client.request("POST", "/api/account/two-factor/passkeys", { token: tenant.agentA.token, body: { name: "Laptop", response: key.create(options.body) } });
    expect(added.status).toBe(200);
    const codes = added.body.recovery_codes as string[];

    // Another session of the same user (password and passkey), as a thief who took it would hold it.
    const { client, answer } = await passwordStep(tenant.agentA.email);
    const challenge = answer.body.second_factor.challenge;
    const request = await client.request("POST", "/api/login/second-factor/passkey", { body: { challenge } });
    const stolen = (await client.request("POST", "/api/login/second-factor", { body: { challenge, passkey: key.get(request.body) } })).body.token as string;
    const passkeyId = (await tenant.client.get("/api/account/two-factor", stolen)).body.passkeys[0].id;
    for (const [method, path, body] of [
      ["POST", "/api/account/two-factor/totp", undefined],
      ["POST", "/api/account/two-factor/passkeys/options", undefined],
      ["POST", "/api/account/two-factor/recovery-codes", {}],
      ["DELETE", `/api/account/two-factor/passkeys/${passkeyId}`, {}],
    ] as const) {
      const refused = await tenant.client.request(method, path, { token: stolen, ...(body && { body }) });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toMatchObject({ proof_required: true, methods: ["passkey", "recovery_code"] });
    }
    // The password does not stand in for the passkey the user has.
    expect((await tenant.client.request("POST", "/api/account/two-factor/proof", { token: stolen, body: { password: FACTORY_PASSWORD } })).status).toBe(422);
    // Nothing changed: the same recovery codes, the same passkey, no authenticator.
    expect((await tenant.client.get("/api/account/two-factor", stolen)).body).toMatchObject({ totp: null, recovery_codes_left: 10, passkeys: [{ id: passkeyId }] });

    // The owner proves with the passkey (a challenge kept on this session, good once) and may then change things.
    const proofOptions = await tenant.client.request("POST", "/api/account/two-factor/proof/options", { token: stolen });
    expect(proofOptions.status).toBe(200);
    expect((await tenant.client.request("POST", "/api/account/two-factor/proof", { token: stolen, body: { passkey: key.get({ challenge: "b3RoZXItY2hhbGxlbmdl" }) } })).status).toBe(422);
    // The failed answer spent the challenge: a fresh one is asked.
    const fresh = await tenant.client.request("POST", "/api/account/two-factor/proof/options", { token: stolen });
    const proof = await prove(tenant, stolen, { passkey: key.get(fresh.body) });
    expect(proof.method).toBe("passkey");
    // The account's status says so, for the page to ask before a change rather than after a refusal.
    expect((await tenant.client.get("/api/account/two-factor", stolen)).body.proved_until).toBe(proof.proved_until);
    expect((await tenant.client.get("/api/account/two-factor", tenant.agentA.token)).body).toMatchObject({ proved_until: null, proof_methods: ["passkey", "recovery_code"] });
    expect(new Date(proof.proved_until).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect((await tenant.client.request("POST", "/api/account/two-factor/totp", { token: stolen })).status).toBe(200);
    // The proof is this session's own: the first session has not proved since the passkey was added.
    expect((await tenant.client.request("POST", "/api/account/two-factor/recovery-codes", { token: tenant.agentA.token, body: {} })).status).toBe(403);
    // An inline recovery code is a proof too.
    expect((await tenant.client.request("POST", "/api/account/two-factor/recovery-codes", { token: tenant.agentA.token, body: { code: codes[1] } })).status).toBe(200);
  });

  it("a session of a TOTP account cannot add a passkey (and sign in with it) without a current code", async () => {
    const tenant = await createTenant();
    const { secret } = await turnOn(tenant, tenant.agentB);
    const { client, answer } = await passwordStep(tenant.agentB.email);
    const stolen = (await client.request("POST", "/api/login/second-factor", { body: { challenge: answer.body.second_factor.challenge, code: await codeFor(secret, 1) } })).body.token as string;
    const refused = await tenant.client.request("POST", "/api/account/two-factor/passkeys/options", { token: stolen });
    expect(refused.status).toBe(403);
    expect(refused.body.methods).toEqual(["totp", "recovery_code"]);
    expect((await tenant.client.request("POST", "/api/account/two-factor/proof", { token: stolen, body: { code: "000000" } })).status).toBe(422);
    expect((await tenant.client.get("/api/account/two-factor", stolen)).body.passkeys).toEqual([]);
    const audit = (await tenant.client.get(`/api/audit-log?subject_type=user&subject_id=${tenant.agentB.id}&per_page=100`, tenant.admin.token)).body.data as {
      action: string;
      details: Record<string, unknown>;
    }[];
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: "user.sign_in_failed", details: expect.objectContaining({ kind: "account", reason: "wrong_code" }) })]));
  });
});
