import "server-only";
import { z } from "zod";
import { parseDnsServers } from "@/lib/net/dns-servers";
import { parseTrustedProxies } from "@/lib/net/trusted-proxies";

// Every setting the service reads, parsed once. A missing or malformed value
// stops start-up with a message naming the variable (see formatEnvError).
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));
const intFrom = (fallback: number) => z.coerce.number().int().positive().default(fallback);
// An empty value is no value: `TWILIO_AUTH_TOKEN=` must never become a signing key of "".
const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: intFrom(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection string")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATA_DIR: z.string().min(1).default("./.data"),
    APP_URL: optionalUrl,
    TUNNEL_URL: optionalUrl,
    FRONTEND_URL: optionalUrl,
    NEXTAUTH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    ENCRYPTION_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/=]{43,44}$|^[0-9a-fA-F]{64}$/, "must be 32 bytes, base64 or hex")
      .optional(),
    TOKEN_TTL_DAYS: intFrom(30),
    LOGIN_MAX_FAILURES_PER_EMAIL: intFrom(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: intFrom(50),
    LOGIN_LOCKOUT_SECONDS: intFrom(60),
    /** Threads that check passwords (bcrypt); unset: one less than the cores, 1 to 4. */
    PASSWORD_HASH_THREADS: z.coerce.number().int().positive().optional(),
    /** Password checks that may wait for a thread; one more is refused with 503 (a sign-in flood must not queue without end). */
    PASSWORD_HASH_QUEUE: intFrom(100),
    /** bcrypt's cost for new hashes (4-15; each step doubles the work). Test servers use 4, as Laravel's tests do: the suites sign in thousands of times. */
    PASSWORD_HASH_COST: z.coerce.number().int().min(4).max(15).default(10),
    /** Proxies in front of the server: empty (none: the socket address counts), a hop count, or addresses/CIDRs. */
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        try {
          parseTrustedProxies(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: `must be a hop count or a comma list of addresses and CIDRs: ${(error as Error).message}` });
        }
      }),
    /** Seconds an accepted call waits for the agent's device to join before it goes back to the queue. */
    ACCEPT_CONNECT_SECONDS: intFrom(20),
    SEED_DEMO_DATA: z.enum(["auto", "always", "never"]).default("auto"),
    SLOW_QUERY_MS: intFrom(200),
    /** Connections each server keeps open to PostgreSQL for requests (its job queue and listeners take a few more). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
    DUPLICATE_NAME_BUDGET_MS: intFrom(3000),
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_API_KEY_SID: optionalText,
    TWILIO_API_KEY_SECRET: optionalText,
    TWILIO_TWIML_APP_SID: optionalText,
    TWILIO_CALLER_ID: optionalText,
    /** Sends the provider REST client elsewhere (tests' fake provider); never taken from a request. */
    TWILIO_API_BASE_URL: optionalUrl,
    /** The in-app provider simulator: auto = for organizations without a provider auth token. */
    TELEPHONY_SIMULATOR: z.enum(["auto", "on", "off"]).default("auto"),
    /** on: signed voice callbacks may carry SimulatedClock (the test servers play opening hours); the in-app simulator may always. */
    SIMULATED_CLOCK: z.enum(["on", "off"]).default("off"),
    /** The bearer token GET /metrics asks for (Prometheus' scrape config); unset: metrics are off (404). */
    METRICS_TOKEN: optionalText,
    /** Seconds a stopping server keeps serving (GET /api/ready answering 503) before it closes its port, for a load balancer to drain it. */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
    CALLER_ANSWER_MS: z.coerce.number().int().min(0).max(60_000).default(300),
    /** Hosts (comma-separated) webhooks may reach although private, over http too: the tests' local receiver. Empty in production. */
    WEBHOOK_PRIVATE_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Hosts (comma-separated) an identity provider may be on although private, over http too: an in-house Keycloak, the tests' provider. */
    SSO_PRIVATE_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** The DNS servers that SSO domain verification asks (comma list of `address` or `address:port`); unset: the system's resolvers. */
    DNS_SERVERS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseDnsServers(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: `must be a comma list of IP addresses, each with an optional :port: ${(error as Error).message}` });
          return z.NEVER;
        }
      }),
  })
  .transform((env) => {
    const appUrl = stripSlash(env.APP_URL ?? `http://localhost:${env.PORT}`);
    return {
      ...env,
      APP_URL: appUrl,
      FRONTEND_URL: stripSlash(env.FRONTEND_URL ?? appUrl),
      // Callback addresses handed to the provider: the tunnel wins when set.
      PUBLIC_BASE_URL: stripSlash(env.TUNNEL_URL ?? appUrl),
    };
  });

export type Env = z.infer<typeof envSchema>;

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

export function formatEnvError(error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  return `Invalid environment configuration:\n${lines.join("\n")}`;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) throw new Error(formatEnvError(result.error));
  return result.data;
}

let cached: Env | undefined;

/** The parsed environment of this process. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
