import proxyAddr from '@fastify/proxy-addr';

/**
 * Fastify trustProxy for a service behind the gateway: believe X-Forwarded-For for one hop only, and
 * only when the direct peer is a trusted address. The client address is then the entry the gateway
 * appended, never one a client wrote itself, even when the client sits on a private network too.
 */
export function trustGatewayOnly(addresses: string): (address: string, hop: number) => boolean {
  const trusted = proxyAddr.compile(addresses.split(',').map((entry) => entry.trim()));
  return (address, hop) => hop === 0 && trusted(address, hop);
}
