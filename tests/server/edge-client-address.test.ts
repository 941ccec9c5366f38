// The caller's address as server.ts passes it on (x-client-address), through 0, 1 and 2
// trusted proxies: a client-written X-Forwarded-For never chooses it (issue 19, defect 2).
import { describe, expect, it } from "vitest";
import { clientAddressOf, parseTrustedProxyHops } from "@/server/edge/client-address";
import { parseServerOptions } from "@/server/edge/options";

describe("clientAddressOf", () => {
  it("with no trusted proxy (the default) is the socket's peer, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("203.0.113.9", undefined, 0)).toBe("203.0.113.9");
    expect(clientAddressOf("203.0.113.9", "1.2.3.4", 0)).toBe("203.0.113.9");
    expect(clientAddressOf("203.0.113.9", ["1.2.3.4", "5.6.7.8"], 0)).toBe("203.0.113.9");
    expect(clientAddressOf("::ffff:203.0.113.9", "1.2.3.4", 0)).toBe("203.0.113.9");
    expect(clientAddressOf("2001:db8::1", undefined, 0)).toBe("2001:db8::1");
    expect(clientAddressOf(undefined, "1.2.3.4", 0)).toBeUndefined();
  });

  it("behind one proxy is the address that proxy appended, not what the client put before it", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy (10.0.0.2) appended the real caller.
    expect(clientAddressOf("10.0.0.2", "6.6.6.6, 198.51.100.4", 1)).toBe("198.51.100.4");
    expect(clientAddressOf("10.0.0.2", "198.51.100.4", 1)).toBe("198.51.100.4");
    // Several X-Forwarded-For headers are one list, in order.
    expect(clientAddressOf("10.0.0.2", ["6.6.6.6", "198.51.100.4"], 1)).toBe("198.51.100.4");
  });

  it("behind two proxies is the address the outer one appended", () => {
    // client → CDN (appends the client) → load balancer (appends the CDN) → us.
    expect(clientAddressOf("10.0.0.3", "6.6.6.6, 198.51.100.4, 172.16.0.5", 2)).toBe("198.51.100.4");
    // Rotating the forged part changes nothing.
    for (const forged of ["1.1.1.1", "2.2.2.2, 3.3.3.3", ""])
      expect(clientAddressOf("10.0.0.3", `${forged}, 198.51.100.4, 172.16.0.5`, 2)).toBe("198.51.100.4");
  });

  it("drops the port a balancer writes beside the address, so a connection is not an address of its own", () => {
    expect(clientAddressOf("10.0.0.2", "198.51.100.4:51234", 1)).toBe("198.51.100.4");
    expect(clientAddressOf("10.0.0.2", "[2001:db8::1]:443", 1)).toBe("2001:db8::1");
    expect(clientAddressOf("10.0.0.2", "[2001:db8::1]", 1)).toBe("2001:db8::1");
    expect(clientAddressOf("10.0.0.2", "6.6.6.6:1, 198.51.100.4:2", 1)).toBe("198.51.100.4");
  });

  it("with a chain shorter than the hops (a request that skipped a proxy) takes its first entry", () => {
    expect(clientAddressOf("10.0.0.3", undefined, 2)).toBe("10.0.0.3");
    expect(clientAddressOf("10.0.0.3", "198.51.100.4", 2)).toBe("198.51.100.4");
  });

  it("never takes an entry that is not an address: the next one, written by a more trusted hop, stands", () => {
    expect(clientAddressOf("10.0.0.3", "unknown, 198.51.100.4", 2)).toBe("198.51.100.4");
    expect(clientAddressOf("10.0.0.3", `${"x".repeat(10_000)}, 198.51.100.4`, 2)).toBe("198.51.100.4");
    expect(clientAddressOf("10.0.0.2", "not-an-address", 1)).toBe("10.0.0.2");
    expect(clientAddressOf("10.0.0.2", "999.1.1.1", 1)).toBe("10.0.0.2");
    // An IPv6 address with a zone id is an address to isIP, whatever the zone's length.
    expect(clientAddressOf("10.0.0.3", `fe80::1%${"x".repeat(10_000)}, 198.51.100.4`, 2)).toBe("198.51.100.4");
    expect(clientAddressOf("10.0.0.3", "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255, 198.51.100.4", 2)).toBe(
      "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255",
    );
  });
});

describe("TRUSTED_PROXY_HOPS", () => {
  it("defaults to 0 and takes 0–10", () => {
    expect(parseTrustedProxyHops(undefined)).toBe(0);
    expect(parseTrustedProxyHops("")).toBe(0);
    expect(parseTrustedProxyHops("2")).toBe(2);
    expect(parseServerOptions([], { TRUSTED_PROXY_HOPS: "1" }).trustedProxyHops).toBe(1);
    expect(parseServerOptions([], {}).trustedProxyHops).toBe(0);
  });

  it("stops the start on anything else, rather than guessing", () => {
    for (const bad of ["-1", "1.5", "11", "yes", "1e1"]) expect(() => parseTrustedProxyHops(bad), bad).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
