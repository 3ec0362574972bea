import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';

/**
 * Where the server may connect for an organization (SPEC "People and platform"): an address an
 * organization sets (its mail server, its AI endpoint, any later webhook) never reaches the
 * platform's own network — loopback, private, carrier-grade NAT, link-local (the cloud metadata
 * service at 169.254.169.254 among them), unique-local, multicast or reserved ranges — unless the
 * server's operator allows a range by configuration (OUTBOUND_ALLOWED_RANGES: a mail relay or an
 * Ollama on the same host). A name is resolved, every address it resolves to is checked, and the
 * connection goes to an address that was checked, at the moment it is made: a name that resolved
 * to a public address when it was saved and to an internal one later (DNS rebinding) is refused.
 */

/** An operator-allowed range (server/config.ts reads them). */
export interface IpRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

const FORBIDDEN: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT (and Alibaba's metadata at 100.100.100.200)
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relays
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['::', 96, 'ipv6'], // IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48, 'ipv6'], // local NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 32, 'ipv6'], // Teredo
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['fc00::', 7, 'ipv6'], // unique local (AWS's metadata at fd00:ec2::254)
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];

const blockList = (ranges: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[]) => {
  const list = new net.BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return list;
};
const forbidden = blockList(FORBIDDEN);

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad included), or undefined. */
function ipv6Groups(ip: string): number[] | undefined {
  let text = ip.toLowerCase().split('%')[0];
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad[1].split('.').map(Number);
    text = text.slice(0, -quad[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

const quadOf = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 one carries to the IPv4 network: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) or 6to4 (2002::/16). */
function embeddedIpv4(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  if (!g) return undefined;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return quadOf(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return quadOf(g[6], g[7]);
  if (g[0] === 0x2002) return quadOf(g[1], g[2]);
  return undefined;
}

export interface OutboundPolicy {
  allowed: net.BlockList;
}

const policies = new WeakMap<readonly IpRange[], OutboundPolicy>();
/** The policy of the operator's allowed ranges (built once per configuration). */
export function outboundPolicy(allowed: readonly IpRange[]): OutboundPolicy {
  let policy = policies.get(allowed);
  if (!policy) policies.set(allowed, (policy = { allowed: blockList(allowed.map((r) => [r.address, r.prefix, r.family] as const)) }));
  return policy;
}

/** Whether the server may not connect to this address for an organization. */
export function isForbiddenAddress(ip: string, policy: OutboundPolicy): boolean {
  const family = net.isIP(ip);
  if (!family) return true;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (policy.allowed.check(ip, type)) return false;
  const inner = family === 6 ? embeddedIpv4(ip) : undefined;
  if (inner) return isForbiddenAddress(inner, policy);
  return forbidden.check(ip, type);
}

const withoutTrailingSlash = (url: string) => url.trim().replace(/\/+$/, '');

/**
 * Whether an organization's URL is one the operator configured (the server's own AI_BASE_URL):
 * allowed wherever it points, as the operator chose it (an Ollama on this host).
 */
export const isOperatorUrl = (url: string, operatorUrl: string | undefined) => !!operatorUrl && withoutTrailingSlash(url) === withoutTrailingSlash(operatorUrl);

/** An organization's address that leads into the platform's own network: refused before anything is sent. */
export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(readonly host: string) {
    super(`${host} is not an address the server may connect to for an organization`);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address `host` resolves to (itself when it is an address), each checked; OutboundRefused when any is forbidden. */
export async function checkedAddresses(host: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = net.isIP(bare);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: bare, family: literal as 4 | 6 }]
    : (await dns.promises.lookup(bare, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  if (!addresses.length || addresses.some((a) => isForbiddenAddress(a.address, policy))) throw new OutboundRefused(host);
  return addresses;
}

/**
 * Whether a host may be saved as an organization's address: refused when it is, or resolves now
 * to, a forbidden address. A name that does not resolve now is accepted (it is checked again each
 * time the server connects).
 */
export async function allowedDestination(host: string, policy: OutboundPolicy): Promise<boolean> {
  try {
    await checkedAddresses(host, policy);
    return true;
  } catch (error) {
    return !(error instanceof OutboundRefused);
  }
}

/** A `lookup` for net, tls and http: the name resolved and checked when the connection is made, and only checked addresses given to it. */
export function guardedLookup(policy: OutboundPolicy): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions | number, callback: (...args: unknown[]) => void) => {
    const all = typeof options === 'object' && options !== null && options.all === true;
    checkedAddresses(hostname, policy).then(
      (addresses) => (all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family)),
      (error) => callback(error),
    );
  }) as unknown as net.LookupFunction;
}

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * `fetch` for an organization's endpoint, through Node's http client with {@link guardedLookup}:
 * the connection is checked as it is made, and redirects are not followed (a redirect to an
 * internal address would otherwise go around the check). Answers a web Response whose body streams.
 */
export function guardedFetch(url: string, init: OutboundRequest, policy: OutboundPolicy): Promise<Response> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new TypeError(`unsupported protocol ${target.protocol}`));
  // An address in the URL is connected to without a lookup: it is checked here instead.
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && isForbiddenAddress(literal, policy)) return Promise.reject(new OutboundRefused(target.hostname));
  return new Promise<Response>((resolve, reject) => {
    const req = client.request(
      target,
      { method: init.method, headers: init.headers, signal: init.signal, lookup: guardedLookup(policy), agent: false },
      (res) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.append(name, v);
          else if (value !== undefined) headers.set(name, value);
        }
        const status = res.statusCode ?? 502;
        const body = status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        resolve(new Response(body, { status, headers }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
