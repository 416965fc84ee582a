import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveClientAddress } from "./trusted-proxies";

const resolve = (peer: string, forwardedFor: string | null, setting?: string) => resolveClientAddress({ peer, forwardedFor, trusted: parseTrustedProxies(setting) });

describe("client address behind TRUSTED_PROXIES", () => {
  it("without a trusted proxy the socket counts, whatever the header says", () => {
    expect(resolve("198.51.100.4", "1.2.3.4")).toBe("198.51.100.4");
    expect(resolve("::ffff:198.51.100.4", null)).toBe("198.51.100.4");
    expect(resolve("198.51.100.4", null, "")).toBe("198.51.100.4");
  });

  it("a hop count skips that many proxies from the right", () => {
    expect(resolve("10.0.0.2", "1.2.3.4, 203.0.113.9", "1")).toBe("203.0.113.9");
    expect(resolve("10.0.0.2", "1.2.3.4, 203.0.113.9, 10.0.0.1", "2")).toBe("203.0.113.9");
    // Fewer entries than hops: the left-most there is.
    expect(resolve("10.0.0.2", null, "1")).toBe("10.0.0.2");
    expect(resolve("10.0.0.2", "203.0.113.9", "3")).toBe("203.0.113.9");
  });

  it("a CIDR list skips every trusted address from the right, and never believes a forged entry beyond them", () => {
    expect(resolve("10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.7", "10.0.0.0/8")).toBe("203.0.113.9");
    expect(resolve("203.0.113.9", "6.6.6.6", "10.0.0.0/8")).toBe("203.0.113.9");
    expect(resolve("::1", "2001:db8::5", "::1, 127.0.0.1")).toBe("2001:db8::5");
  });

  it("refuses settings that are neither", () => {
    expect(() => parseTrustedProxies("ten")).toThrow();
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow();
    expect(parseTrustedProxies("2")).toEqual({ hops: 2 });
  });
});
