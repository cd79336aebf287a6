import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HostNotFoundError } from '../../src/modules/link-check-engine/address-policy.ts';
import { pinKey, type HostPins } from '../../src/modules/link-check-engine/host-pins.ts';
import type { HostResolver } from '../../src/modules/link-check-engine/host-resolver.ts';

export type FakeHandler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
) => void | Promise<void>;

export interface FakeRetailer {
  port: number;
  /** http://{host}:{port}{path} */
  url(host: string, path: string): string;
  /** Serves `path` on `host` (virtual hosts on one loopback server). */
  on(host: string, path: string, handler: FakeHandler): void;
  /** Serves a fixed HTML page with status 200. */
  page(host: string, path: string, html: string, headers?: http.OutgoingHttpHeaders): void;
  /** Every host of the farm pinned to 127.0.0.1 on the farm's port (curl --resolve meaning). */
  pins(...hosts: string[]): HostPins;
  /** Requests received, as `host path` strings, in order. */
  readonly requests: string[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** A fake retailer farm on 127.0.0.1: one server, many host names told apart by the Host header. */
export async function startFakeRetailer(): Promise<FakeRetailer> {
  const routes = new Map<string, FakeHandler>();
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = http.createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = request.url ?? '/';
    requests.push(`${host} ${path}`);
    const handler = routes.get(`${host} ${path}`) ?? routes.get(`${host} ${path.split('?')[0]}`);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><title>Not found</title></html>');
      return;
    }
    Promise.resolve(handler(request, response)).catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (host, path) => `http://${host}:${port}${path}`,
    on: (host, path, handler) => void routes.set(`${host} ${path}`, handler),
    page(host, path, html, headers = {}) {
      routes.set(`${host} ${path}`, (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(html);
      });
    },
    pins: (...hosts) => new Map(hosts.map((host) => [pinKey(host, port), '127.0.0.1'])),
    requests,
    connections: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A resolver for tests that never asks real DNS (this machine's name server is not on loopback):
 * the names given resolve to their addresses, every other name fails as NXDOMAIN would.
 */
export function testResolver(names: Record<string, string[]> = {}): HostResolver {
  return async (hostname) => {
    const addresses = names[hostname.toLowerCase()];
    if (!addresses) throw new HostNotFoundError(hostname, 'ENOTFOUND');
    return addresses;
  };
}
