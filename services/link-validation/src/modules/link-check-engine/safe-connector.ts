import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import {
  BlockedAddressError,
  HostNotFoundError,
  HostNotPinnedError,
  isPublicAddress,
} from './address-policy.ts';
import { pinnedAddress, type HostPins } from './host-pins.ts';
import type { HostResolver } from './host-resolver.ts';

export interface SafeConnectorOptions {
  pins: HostPins;
  resolve: HostResolver;
  connectTimeoutMs: number;
  /** Contact pinned hosts only (a development machine or CI that must reach nothing but its local farm). */
  pinnedOnly?: boolean;
}

/**
 * undici connector that decides the address itself and connects to exactly that address, so the
 * address checked is the address connected (no DNS rebinding between a check and the connect).
 * Every new connection of every hop comes through here. A pinned host:port connects to its pin;
 * an IP literal must be public; a host name must resolve, and every address it resolves to must be
 * public (one private answer refuses the host: round-robin could pick it next time).
 */
export function createSafeConnector(options: SafeConnectorOptions): buildConnector.connector {
  const connect = buildConnector({ timeout: options.connectTimeoutMs });
  return (connectOptions, callback) => {
    const port = Number(connectOptions.port) || (connectOptions.protocol === 'https:' ? 443 : 80);
    targetAddress(connectOptions.hostname, port, options)
      .then((address) => {
        // `host` stays the name, so TLS SNI and certificate checks use the name, not the address.
        connect({ ...connectOptions, hostname: address }, callback);
      })
      .catch((error: unknown) => callback(error as Error, null));
  };
}

/** The address a connection to hostname:port may use, or a BlockedAddressError / HostNotFoundError. */
export async function targetAddress(
  hostname: string,
  port: number,
  { pins, resolve, pinnedOnly = false }: Pick<SafeConnectorOptions, 'pins' | 'resolve' | 'pinnedOnly'>,
): Promise<string> {
  const pinned = pinnedAddress(pins, hostname, port);

  if (pinned) return pinned;
  if (pinnedOnly) throw new HostNotPinnedError(hostname);
  if (isIP(hostname) !== 0) {
    if (!isPublicAddress(hostname)) throw new BlockedAddressError(hostname, hostname);
    return hostname;
  }
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw new HostNotFoundError(hostname, 'no addresses');
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused !== undefined) throw new BlockedAddressError(hostname, refused);
  return addresses[0]!;
}
