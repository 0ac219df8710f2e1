import { describe, expect, it } from "vitest";
import { pickClientAddress, UNKNOWN_ADDRESS } from "./client-address";

describe("client address", () => {
  it("is the TCP peer unless proxies are trusted: X-Forwarded-For alone proves nothing", () => {
    expect(pickClientAddress("203.0.113.5", "1.2.3.4", 0)).toBe("203.0.113.5");
    expect(pickClientAddress("::ffff:203.0.113.5", null, 0)).toBe("203.0.113.5");
    expect(pickClientAddress(null, "1.2.3.4", 0)).toBe(UNKNOWN_ADDRESS);
  });

  it("with n trusted proxies, takes the n-th address from the right, so a forged left part is ignored", () => {
    // Client 198.51.100.7 -> proxy 10.0.0.2 (appends the client) -> us.
    expect(pickClientAddress("10.0.0.2", "198.51.100.7", 1)).toBe("198.51.100.7");
    // The client forged an X-Forwarded-For: the proxy appended the real address after it.
    expect(pickClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    // Two proxies.
    expect(pickClientAddress("10.0.0.3", "6.6.6.6, 198.51.100.7, 10.0.0.2", 2)).toBe("198.51.100.7");
    // Fewer entries than trusted hops: the leftmost there is.
    expect(pickClientAddress("10.0.0.2", "", 3)).toBe("10.0.0.2");
  });
});
