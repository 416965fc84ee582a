import { describe, expect, it } from "vitest";
import { embeddedIpv4, ipv6Groups, isPublicAddress } from "./public-address";

// Every form an internal address can take must be refused; public ones pass.
const NOT_PUBLIC: [string, string][] = [
  ["127.0.0.1", "loopback"],
  ["10.1.2.3", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.1.1", "private"],
  ["169.254.169.254", "cloud metadata"],
  ["100.64.0.1", "carrier-grade NAT"],
  ["0.0.0.0", "unspecified"],
  ["224.0.0.1", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["192.0.2.2", "documentation"],
  ["198.18.0.1", "benchmarking"],
  ["::1", "IPv6 loopback"],
  ["0:0:0:0:0:0:0:1", "IPv6 loopback, long form"],
  ["::", "IPv6 unspecified"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local with a zone"],
  ["fd00::1", "unique local"],
  ["fec0::1", "site-local"],
  ["ff02::1", "multicast"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
  ["0:0:0:0:0:ffff:a00:1", "IPv4-mapped private, long hex"],
  ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
  ["::127.0.0.1", "IPv4-compatible loopback"],
  ["::a9fe:a9fe", "IPv4-compatible metadata, hex"],
  ["::ffff:0:10.0.0.1", "IPv4-translated private"],
  ["2002:7f00:1::", "6to4 of loopback"],
  ["2002:a9fe:a9fe::1", "6to4 of metadata"],
  ["2002:c0a8:101::", "6to4 of 192.168.1.1"],
  ["64:ff9b::7f00:1", "NAT64 of loopback"],
  ["64:ff9b::10.0.0.1", "NAT64 of private, dotted"],
  ["64:ff9b:1::1", "local-use NAT64"],
  ["100::1", "discard prefix"],
  ["100::ffff:1", "discard prefix"],
  ["2001:db8::1", "documentation"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
  ["docs.google.com", "not an address"],
  ["1.2.3", "not an address"],
];

const PUBLIC = ["142.250.180.14", "8.8.8.8", "172.32.0.1", "2607:f8b0:4004:c1b::65", "::ffff:8.8.8.8", "::ffff:808:808", "2002:808:808::1", "64:ff9b::8.8.8.8", "2a00:1450:4001:82a::200e"];

describe("public addresses", () => {
  it.each(NOT_PUBLIC)("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("expands IPv6 forms to the same groups and finds the IPv4 inside", () => {
    expect(ipv6Groups("::ffff:127.0.0.1")).toEqual(ipv6Groups("0:0:0:0:0:ffff:7f00:0001"));
    expect(ipv6Groups("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(embeddedIpv4(ipv6Groups("2002:c0a8:101::")!)).toBe("192.168.1.1");
    expect(embeddedIpv4(ipv6Groups("64:ff9b::a00:1")!)).toBe("10.0.0.1");
    expect(embeddedIpv4(ipv6Groups("2607:f8b0::1")!)).toBeNull();
  });
});
