import ipaddr from 'ipaddr.js';

/**
 * The client a sign-in limit is kept for: an IPv4 address (IPv4-mapped IPv6 included), or the /64
 * network of an IPv6 address, since one subscriber usually holds a whole /64 and could otherwise
 * take a fresh address for every guess.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
