import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("environment", () => {
  it("has working defaults for a fresh machine", () => {
    const env = parseEnv({} as NodeJS.ProcessEnv);
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./.data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.FRONTEND_URL).toBe("http://localhost:3000");
    expect(env.TOKEN_TTL_DAYS).toBe(30);
    expect([env.LOGIN_MAX_FAILURES_PER_EMAIL, env.LOGIN_MAX_FAILURES_PER_ADDRESS, env.LOGIN_LOCKOUT_SECONDS]).toEqual([5, 50, 60]);
    expect(env.DNS_SERVERS).toEqual([]);
  });

  it("lets the tunnel address win for provider callbacks", () => {
    const env = parseEnv({ APP_URL: "https://cc.example.com/", TUNNEL_URL: "https://abc.tunnel.test" } as unknown as NodeJS.ProcessEnv);
    expect(env.APP_URL).toBe("https://cc.example.com");
    expect(env.PUBLIC_BASE_URL).toBe("https://abc.tunnel.test");
  });

  it("names the malformed variable in its error", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" } as unknown as NodeJS.ProcessEnv)).toThrow(/DATABASE_URL: must be a postgresql/);
    expect(() => parseEnv({ PORT: "eighty" } as unknown as NodeJS.ProcessEnv)).toThrow(/PORT/);
    expect(() => parseEnv({ ENCRYPTION_KEY: "short" } as unknown as NodeJS.ProcessEnv)).toThrow(/ENCRYPTION_KEY/);
    expect(() => parseEnv({ DNS_SERVERS: "127.0.0.1:53,dns.example.com" } as unknown as NodeJS.ProcessEnv)).toThrow(/DNS_SERVERS: .*"dns.example.com"/);
  });
});
