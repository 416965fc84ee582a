import { describe, expect, it } from "vitest";
import { parseDnsServers } from "./dns-servers";

describe("DNS_SERVERS", () => {
  it("unset or empty is the system's resolvers", () => {
    expect(parseDnsServers(undefined)).toEqual([]);
    expect(parseDnsServers(" , ")).toEqual([]);
  });

  it("takes addresses, with or without a port, IPv6 in brackets when it has one", () => {
    expect(parseDnsServers("1.1.1.1, 127.0.0.1:5353,::1,[2001:db8::1]:53")).toEqual(["1.1.1.1", "127.0.0.1:5353", "::1", "[2001:db8::1]:53"]);
  });

  it("refuses names and bad ports, naming the entry", () => {
    expect(() => parseDnsServers("dns.example.com")).toThrow(/"dns.example.com" is not an IP address/);
    expect(() => parseDnsServers("127.0.0.1:0")).toThrow(/port outside/);
    expect(() => parseDnsServers("127.0.0.1:70000")).toThrow(/port outside/);
  });
});
