import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import * as samlify from "samlify";

// A SAML 2.0 identity provider for the single sign-on tests, built with
// samlify: it reads our AuthnRequest (redirect binding), signs an assertion
// for the account named by login_hint with a certificate of its own, and posts
// it to our assertion consumer service through an auto-submitting form, as
// Okta or Entra ID do. With no such account it refuses, and nothing comes back.
// `forge` changes the response's values before it is signed (another
// audience, an expired window, another recipient): the signature stays valid.

// The provider reads requests from our own service only; XML schema checks belong to the service provider's side.
samlify.setSchemaValidator({ validate: async () => "skipped" });

const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
type Values = Record<string, string>;

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), "saml-idp-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "2", "-subj", "/CN=test-idp", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
      { stdio: "ignore" },
    );
    return { key: readFileSync(path.join(dir, "key.pem"), "utf8"), cert: readFileSync(path.join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startSamlProvider() {
  const { key, cert } = selfSignedCertificate();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = samlify.IdentityProvider({
    entityID: `${base}/metadata`,
    privateKey: key,
    signingCert: cert,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${base}/sso` }],
    wantAuthnRequestsSigned: false,
    isAssertionEncrypted: false,
  });
  const accounts = new Set<string>();
  const serviceProviders = new Map<string, ReturnType<typeof samlify.ServiceProvider>>();
  let forge: ((values: Values) => Values) | null = null;
  let lastResponse: { SAMLResponse: string; RelayState: string } | null = null;

  /** Our service's metadata, read from the entity id its request names (that address serves it). */
  async function serviceProvider(entityId: string) {
    if (!serviceProviders.has(entityId)) serviceProviders.set(entityId, samlify.ServiceProvider({ metadata: await (await fetch(entityId)).text() }));
    return serviceProviders.get(entityId)!;
  }

  server.on("request", async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    try {
      if (url.pathname === "/metadata") {
        res.setHeader("Content-Type", "application/samlmetadata+xml");
        return res.end(idp.getMetadata());
      }
      if (url.pathname !== "/sso") return res.writeHead(404).end();
      const request = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest") ?? "", "base64")).toString("utf8");
      const spEntityId = /<saml:Issuer[^>]*>([^<]+)</.exec(request)?.[1] ?? "";
      const sp = await serviceProvider(spEntityId);
      const parsed = await idp.parseLoginRequest(sp, "redirect", { query: Object.fromEntries(url.searchParams) });
      const email = (url.searchParams.get("login_hint") ?? "").toLowerCase();
      if (!accounts.has(email)) return res.writeHead(403, { "Content-Type": "text/html" }).end("<p>No such user at the provider.</p>");
      const relayState = url.searchParams.get("RelayState") ?? "";
      const replacement = forge
        ? (template: string) => {
            const now = new Date();
            const later = new Date(now.getTime() + 5 * 60_000).toISOString();
            const acs = sp.entityMeta.getAssertionConsumerService(samlify.Constants.namespace.binding.post) as string;
            const values: Values = {
              ID: `_${crypto.randomUUID()}`,
              AssertionID: `_${crypto.randomUUID()}`,
              Destination: acs,
              Audience: sp.entityMeta.getEntityID(),
              EntityID: sp.entityMeta.getEntityID(),
              SubjectRecipient: acs,
              Issuer: idp.entityMeta.getEntityID(),
              IssueInstant: now.toISOString(),
              AssertionConsumerServiceURL: acs,
              StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
              ConditionsNotBefore: now.toISOString(),
              ConditionsNotOnOrAfter: later,
              SubjectConfirmationDataNotOnOrAfter: later,
              NameIDFormat: EMAIL_FORMAT,
              NameID: email,
              InResponseTo: String(parsed.extract.request?.id),
              AuthnStatement: "",
              AttributeStatement: "",
            };
            return { id: values.ID, context: samlify.SamlLib.replaceTagsByValue(template, forge!(values)) };
          }
        : undefined;
      const { context, entityEndpoint } = (await idp.createLoginResponse(
        sp,
        parsed as unknown as Parameters<typeof idp.createLoginResponse>[1],
        "post",
        { email },
        { relayState, customTagReplacement: replacement },
      )) as { context: string; entityEndpoint: string };
      lastResponse = { SAMLResponse: context, RelayState: relayState };
      const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, "&quot;")}">`;
      res
        .writeHead(200, { "Content-Type": "text/html" })
        .end(
          `<!doctype html><html><body><form id="saml" method="post" action="${entityEndpoint}">${field("SAMLResponse", context)}${field("RelayState", relayState)}<button ` +
            `type="submit">Continue</button></form><script>document.getElementById("saml").submit()</script></body></html>`,
        );
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });

  return {
    base,
    metadataUrl: `${base}/metadata`,
    metadataXml: () => idp.getMetadata(),
    addAccount: (email: string) => accounts.add(email.toLowerCase()),
    removeAccount: (email: string) => accounts.delete(email.toLowerCase()),
    forgeResponses(change: ((values: Values) => Values) | null) {
      forge = change;
    },
    /** The last response the provider posted (a test replays it). */
    lastResponse: () => lastResponse,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The auto-submitting form's fields, as a browser would post them. */
export function formFields(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[match[1]] = match[2].replace(/&quot;/g, '"');
  return { action, fields };
}
