import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

// A real OpenID Connect provider for the single sign-on tests: panva's
// oidc-provider (OpenID Certified), on a port of its own. Its login screen
// signs in the account named by login_hint at once, or refuses (access_denied)
// when there is none: a user removed from the provider. Its signing key is the
// test's, so a test can also have it answer with an ID token it forged
// (another audience, expired): the signature is then the provider's own.

export interface TestAccount {
  email: string;
  name: string;
  sub?: string;
}

type Claims = Record<string, unknown>;

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

export async function startOidcProvider({ redirectUri, clientId = "contact-center", clientSecret = `secret-${randomUUID()}` }: { redirectUri: string; clientId?: string; clientSecret?: string }) {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...(privateKey.export({ format: "jwk" }) as Record<string, unknown>), kid, alg: "RS256", use: "sig" };
  const accounts = new Map<string, Required<TestAccount>>();
  let forge: ((claims: Claims) => Claims) | null = null;
  let forgeKey: KeyObject | null = null;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomUUID()] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: false,
    pkce: { required: () => true, methods: ["S256"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = [...accounts.values()].find((a) => a.sub === id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name }) };
    },
  });
  provider.proxy = false;
  // The forged answer: the provider's own token endpoint, with the ID token replaced by one the test made and signed with the provider's key.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === "/token" && forge && ctx.body && typeof ctx.body === "object" && "id_token" in ctx.body) {
      const original = JSON.parse(Buffer.from(String((ctx.body as Claims).id_token).split(".")[1], "base64url").toString("utf8"));
      (ctx.body as Claims).id_token = sign(forge(original), forgeKey ?? privateKey, kid);
    }
  });

  const callback = provider.callback();
  server.on("request", async (req, res) => {
    // Every authorization asks who is there again (no provider session is kept between sign-ins), as a
    // provider checking its directory each time does: an account removed meanwhile is refused, not remembered.
    if (req.url?.startsWith("/auth") && !req.url.startsWith("/auth/") && req.headers.cookie) {
      req.headers.cookie = req.headers.cookie
        .split(/;\s*/)
        .filter((pair) => !pair.startsWith("_session"))
        .join("; ");
    }
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        const account = accounts.get(String(details.params.login_hint ?? "").toLowerCase());
        const result = account ? { login: { accountId: account.sub } } : { error: "access_denied", error_description: "No such user at the provider." };
        return await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope("openid email profile");
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(account: TestAccount) {
      accounts.set(account.email.toLowerCase(), { sub: account.sub ?? randomUUID(), ...account });
    },
    removeAccount(email: string) {
      accounts.delete(email.toLowerCase());
    },
    /**
     * From now on, the token endpoint answers with the ID token `change` makes of the real one (null: the real one),
     * signed with the provider's key, or with another key under the same key id (`foreignKey`: a forger's).
     */
    forgeIdTokens(change: ((claims: Claims) => Claims) | null, { foreignKey = false } = {}) {
      forge = change;
      forgeKey = foreignKey ? generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey : null;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function sign(claims: Claims, key: KeyObject, kid: string): string {
  const head = base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
  const body = base64url(JSON.stringify(claims));
  const signature = createSign("RSA-SHA256").update(`${head}.${body}`).sign(key);
  return `${head}.${body}.${base64url(signature)}`;
}

/**
 * A browser's trip through redirects (303/302 and the like), keeping cookies
 * per host as a browser does (ports share a host's cookies): from `url` until
 * an address `stop` accepts, which is returned with the cookies.
 */
export async function followRedirects(url: string, { cookies = new Map<string, string>(), stop, address }: { cookies?: Map<string, string>; stop: (url: URL) => boolean; address?: string }) {
  let current = new URL(url);
  for (let hop = 0; hop < 20; hop++) {
    if (stop(current)) return { url: current, cookies };
    const headers: Record<string, string> = { Accept: "text/html" };
    if (cookies.size) headers.Cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (address) headers["X-Forwarded-For"] = address;
    const response = await fetch(current, { redirect: "manual", headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair.split("=");
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join("="));
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`${current} answered ${response.status} without a redirect: ${(await response.text()).slice(0, 300)}`);
    await response.body?.cancel();
    current = new URL(location, current);
  }
  throw new Error("too many redirects");
}
