import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an outbound link check may connect to this address (OWASP SSRF prevention cheat sheet:
 * deny every non-public destination). Only ipaddr.js's plain 'unicast' range passes: loopback,
 * private, link-local (169.254.0.0/16 with the cloud metadata address, fe80::/10), CGNAT,
 * multicast, broadcast, unspecified, reserved and documentation ranges, ULA, IPv4-mapped and
 * IPv4-compatible IPv6, 6to4, Teredo and NAT64 (which embed an IPv4 address that could be
 * private) are all refused. Anything that is not a literal address is refused too (fail closed).
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(bare) === 0) return false;
  try {
    return ipaddr.parse(bare).range() === 'unicast';
  } catch {
    return false;
  }
}

/** A connection the checker refused to make: the target resolved to a non-public address. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_LINK_CHECK_BLOCKED_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to a non-public address (${address}); not connected`);
    this.name = 'BlockedAddressError';
  }
}

/** The host name did not resolve (NXDOMAIN, no addresses, resolver failure). */
export class HostNotFoundError extends Error {
  readonly code = 'ERR_LINK_CHECK_HOST_NOT_FOUND';
  constructor(
    readonly host: string,
    reason?: string,
  ) {
    super(`${host} could not be resolved${reason ? ` (${reason})` : ''}`);
    this.name = 'HostNotFoundError';
  }
}

/** Pinned-only mode: this host has no pin, so it is not contacted (nor even looked up). */
export class HostNotPinnedError extends Error {
  readonly code = 'ERR_LINK_CHECK_NOT_PINNED';
  constructor(readonly host: string) {
    super(`Not checked: ${host} is not a pinned host (LINK_CHECK_PINNED_ONLY)`);
    this.name = 'HostNotPinnedError';
  }
}
