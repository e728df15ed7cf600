import { describe, expect, it } from "vitest";
import { addressBlockOf } from "./address-block";

describe("addressBlockOf", () => {
  it("keeps an IPv4 address, also one mapped into IPv6", () => {
    expect(addressBlockOf("203.0.113.9")).toBe("203.0.113.9");
    expect(addressBlockOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressBlockOf("::FFFF:198.51.100.1")).toBe("198.51.100.1");
    // However a proxy spells it: hexadecimal, written out in full, with leading zeros.
    expect(addressBlockOf("::ffff:c633:6407")).toBe("198.51.100.7");
    expect(addressBlockOf("::ffff:cb00:7101")).toBe("203.0.113.1");
    expect(addressBlockOf("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressBlockOf("0000:0000:0000:0000:0000:FFFF:0a00:0001")).toBe("10.0.0.1");
    expect(addressBlockOf("::ffff:a00:1")).toBe("10.0.0.1");
    expect(addressBlockOf("::ffff:255.255.255.255")).toBe("255.255.255.255");
  });

  it("gives an IPv6 address's /64, however the address is written", () => {
    const block = "2001:db8:1:2::/64";
    expect(addressBlockOf("2001:db8:1:2::1")).toBe(block);
    expect(addressBlockOf("2001:db8:1:2:ffff:eeee:dddd:cccc")).toBe(block);
    expect(addressBlockOf("2001:0DB8:0001:0002:0:0:0:1")).toBe(block);
    expect(addressBlockOf("2001:db8:1:2::")).toBe(block);
    // The zeros the '::' stands for fall inside the prefix.
    expect(addressBlockOf("2001:db8::1:2:3:4")).toBe("2001:db8:0:0::/64");
    expect(addressBlockOf("2001::1:2:3:4:5")).toBe("2001:0:0:1::/64");
    expect(addressBlockOf("::1")).toBe("0:0:0:0::/64");
    expect(addressBlockOf("2001:db8:1:3::1")).not.toBe(block);
    expect(addressBlockOf("2001:db8:ffff:1::9")).toBe("2001:db8:ffff:1::/64");
    // '::' standing for a single group of zeros.
    expect(addressBlockOf("2001:db8:1:2:3:4::5")).toBe("2001:db8:1:2::/64");
    // Only an address that is nothing but a mapped IPv4 one is read as IPv4.
    expect(addressBlockOf("::ffff:203.0.113.19")).toBe("203.0.113.19");
    expect(addressBlockOf("1::ffff:1.2.3.4")).toBe("1:0:0:0::/64");
    expect(addressBlockOf("::fffe:c633:6407")).toBe("0:0:0:0::/64");
    expect(addressBlockOf("0:0:0:0:1:ffff:c633:6407")).toBe("0:0:0:0::/64");
    // A zone names the interface, not the address.
    expect(addressBlockOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("returns what is no address as it is", () => {
    for (const odd of ["unknown", "1::2::3", "2001:db8", "zz:1:2:3::1", "12345:1:2:3::", "-1:1:2:3::", "::ffff:1.2.3.4x", "::ffff:1.2.3.256", "1:2:3:4:5:6:7:8:9", "1:2:3:4::5:6:7:8"])
      expect(addressBlockOf(odd)).toBe(odd);
    // A mapped IPv4 address at the end of a second line is not this text's address.
    expect(addressBlockOf("junk\n::ffff:1.2.3.4")).toBe("junk\n::ffff:1.2.3.4");
  });
});
