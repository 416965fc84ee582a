import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The suite's first server. */
    baseUrl: string;
    /** Every server of the suite that test files are spread over (see suiteUrl). */
    baseUrls: string[];
    secondBaseUrl: string;
    databaseUrl: string;
    fakeProviderUrl: string;
  }
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

let addressCounter = 0;
/**
 * A client address of its own for each test client: login limits count per
 * address, and tests run in parallel against one server.
 */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}`;
}

/**
 * The suite's server this test file talks to. The embedded suite runs two
 * (e2e/support/global-setup.mjs): an embedded database answers on its server's
 * one thread, and one server for five files at a time was the suite's
 * bottleneck. Each worker process keeps to one of them, so a file and the
 * tenants it makes stay on one database. The PostgreSQL suite lists its first
 * server only: its two-process tests name the second themselves.
 */
export function suiteUrl(): string {
  const urls = inject("baseUrls");
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length];
}

/** A thin HTTP client for the API, as any client would use it. */
export function api(baseUrl = suiteUrl(), address = uniqueAddress()) {
  async function request<T = any>(method: string, path: string, options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    // identity: fetch asks for gzip by default, and compressing every answer was a
    // twentieth of the test server's work (issue 42); the browser suite still gets it.
    const headers: Record<string, string> = { Accept: "application/json", "Accept-Encoding": "identity", "X-Forwarded-For": address, ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
  return {
    baseUrl,
    address,
    get: <T = any>(path: string, token?: string) => request<T>("GET", path, { token }),
    post: <T = any>(path: string, body?: unknown, token?: string) => request<T>("POST", path, { body, token }),
    patch: <T = any>(path: string, body?: unknown, token?: string) => request<T>("PATCH", path, { body, token }),
    delete: <T = any>(path: string, token?: string) => request<T>("DELETE", path, { token }),
    request,
  };
}

export type Api = ReturnType<typeof api>;

export async function loginAs(client: Api, email: string, password = "password"): Promise<string> {
  const response = await client.post("/api/login", { email, password });
  if (response.status !== 200) throw new Error(`login as ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token;
}
