/**
 * What one client holds: an IPv4 address as it is, or an IPv6 address's /64 (one
 * subscriber's prefix, in which a client can take a new address for every request), written
 * one way however the address was (`2001:db8:1:2::/64`). Anything else is returned as it is.
 */
export function addressBlockOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail, extra] = address.toLowerCase().split("::");
  if (extra !== undefined) return address;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16));
  if (prefix.length < 4 || prefix.some((group) => !Number.isInteger(group) || group < 0 || group > 0xffff)) return address;
  return `${prefix.map((group) => group.toString(16)).join(":")}::/64`;
}
