import proxyAddr from '@fastify/proxy-addr';
import { Type } from '@sinclair/typebox';

/**
 * The setting of a service behind the gateway: the addresses (or CIDRs, or proxy-addr's names
 * loopback, linklocal, uniquelocal) the gateway connects from. Only a direct peer among them may
 * say who the client is (X-Forwarded-For); anyone else is the client itself.
 */
export const DEFAULT_TRUSTED_GATEWAY_ADDRESSES = 'loopback';

export const TrustedGatewaySetting = {
  TRUSTED_GATEWAY_ADDRESSES: Type.String({ default: DEFAULT_TRUSTED_GATEWAY_ADDRESSES, minLength: 1 }),
};

/**
 * Fastify trustProxy for a service behind the gateway: believe X-Forwarded-For for one hop only, and
 * only when the direct peer is a trusted gateway address. The client address is then the entry the
 * gateway appended, never one a client (or another pod of the cluster) wrote itself.
 */
export function trustGatewayOnly(addresses: string): (address: string, hop: number) => boolean {
  const entries = addresses.split(',').map((entry) => entry.trim());
  let trusted: (address: string, hop: number) => boolean;
  try {
    trusted = proxyAddr.compile(entries);
  } catch (error) {
    throw new Error(
      `TRUSTED_GATEWAY_ADDRESSES must list addresses or CIDRs (${(error as Error).message}): "${addresses}"`,
    );
  }
  return (address, hop) => hop === 0 && trusted(address, hop);
}
