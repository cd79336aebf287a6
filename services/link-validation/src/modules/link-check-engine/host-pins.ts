import { isIP } from 'node:net';

/**
 * Host pins with curl's `--resolve host:port:address` meaning: a request to that host and port
 * connects to that address (on that port). As in curl, the host may be a wildcard `*.example`
 * for every name under it. For tests and local demo farms only; production has none. A pinned
 * host may reach its pinned address even when that address is not public.
 */
export type HostPins = ReadonlyMap<string, string>;

export class HostPinError extends Error {
  constructor(entry: string, why: string) {
    super(`Invalid pin '${entry}' (expected host:port:address): ${why}`);
    this.name = 'HostPinError';
  }
}

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function pinKey(host: string, port: number): string {
  return `${host.toLowerCase()}:${port}`;
}

/** The address pinned for host:port: an exact pin, else the nearest `*.parent` wildcard pin. */
export function pinnedAddress(pins: HostPins, host: string, port: number): string | undefined {
  const name = host.toLowerCase();
  const exact = pins.get(pinKey(name, port));
  if (exact !== undefined) return exact;
  for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) {
    const wildcard = pins.get(pinKey(`*${name.slice(dot)}`, port));
    if (wildcard !== undefined) return wildcard;
  }
  return undefined;
}

/** Whether a link's URL would connect to a pin (pinned-only mode queues only those). */
export function isPinnedUrl(pins: HostPins, url: string): boolean {
  try {
    const parsed = new URL(url.trim());
    const port = Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80);
    return pinnedAddress(pins, parsed.hostname, port) !== undefined;
  } catch {
    return false;
  }
}

/** Parses one `host:port:address` entry (an IPv6 address may be written in brackets). */
export function parsePin(entry: string): [key: string, address: string] {
  const trimmed = entry.trim();
  const first = trimmed.indexOf(':');
  const second = first < 0 ? -1 : trimmed.indexOf(':', first + 1);
  if (first < 0 || second < 0) throw new HostPinError(entry, 'missing parts');
  const host = trimmed.slice(0, first).toLowerCase();
  const portText = trimmed.slice(first + 1, second);
  let address = trimmed.slice(second + 1);
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const name = host.startsWith('*.') ? host.slice(2) : host;
  if (!HOST_NAME.test(name)) throw new HostPinError(entry, `'${host}' is not a host name`);

  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65_535) {
    throw new HostPinError(entry, `'${portText}' is not a port`);
  }
  if (isIP(address) === 0) throw new HostPinError(entry, `'${address}' is not an IP address`);
  return [pinKey(host, port), address];
}

/** Parses a list of pins (the LINK_CHECK_RESOLVE setting: entries separated by commas or spaces). */
export function parsePins(entries: Iterable<string> | string): HostPins {
  const list = typeof entries === 'string' ? entries.split(/[\s,]+/) : [...entries];
  return new Map(list.filter((entry) => entry.trim() !== '').map(parsePin));
}
