import ipaddr from 'ipaddr.js';
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';

/**
 * The rule for every connection the product opens to an address a customer typed (an FTP
 * host, a webhook URL, an S3 endpoint, an Azure account URL): it must lead out of the
 * service's own network. The host is resolved once; every address it resolves to must be a
 * public unicast address (or inside the operator's allowance, OUTBOUND_ALLOW); the connection
 * then goes to that checked address, never to a second lookup. Refused: loopback,
 * unspecified, link-local (the cloud metadata address among them), private, carrier-grade
 * NAT, multicast, broadcast, reserved and documentation ranges, and the IPv6 forms that carry
 * an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) when that address is refused.
 * Every spelling of an address counts the same: `2130706433`, `0x7f000001`, `0177.0.0.1`,
 * `127.1` and `[::1]` are the addresses they spell.
 */

/** What a refused target answers, at save time (400) and at delivery time. */
export const OUTBOUND_REFUSED_MESSAGE = "This address is inside the service's own network and cannot be used";

/** A target refused by the outbound policy, before any connection is tried. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(readonly host: string) {
    super(OUTBOUND_REFUSED_MESSAGE);
    this.name = 'OutboundRefusedError';
  }
}

export function isOutboundRefused(err: unknown): boolean {
  if (err instanceof OutboundRefusedError) return true;
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === 'EOUTBOUNDREFUSED' || e?.cause?.code === 'EOUTBOUNDREFUSED';
}

/** Every address a name resolves to, in the resolver's order. */
export type LookupAll = (host: string) => Promise<Array<{ address: string; family: number }>>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address. */
export const systemLookup: LookupAll = (host) => dns.lookup(host, { all: true, verbatim: true });

/** One resolved and checked address: what a connection goes to. */
export interface CheckedAddress {
  /** the host as it was given (a name, or the address's canonical form) */
  host: string;
  address: string;
  family: 4 | 6;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Operator's exceptions: host names (exact, any case) and address ranges that may be internal. */
export interface OutboundAllowance {
  hosts: ReadonlySet<string>;
  ranges: ReadonlyArray<[Address, number]>;
}

export const NO_ALLOWANCE: OutboundAllowance = { hosts: new Set(), ranges: [] };

/** `[::1]` → `::1`; lower case, without a trailing dot. */
function bare(host: string): string {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

/**
 * The address a host spells, or null when it is a name. Besides the usual forms, an IPv4
 * address may be written as one number (`2130706433`), in hex (`0x7f000001`), octal
 * (`0177.0.0.1`) or with parts left out (`127.1`): resolvers read them all, so they are
 * read here the way URLs read them.
 */
export function literalAddress(host: string): Address | null {
  const h = bare(host);
  if (!h) return null;
  if (isIP(h)) return ipaddr.parse(h.replace(/%.*$/, ''));
  if (/^[0-9a-fx.]+$/i.test(h) && /(^|\.)(0x[0-9a-f]*|[0-9]+)$/i.test(h)) {
    try {
      const canonical = new URL(`http://${h}/`).hostname;
      if (isIP(canonical) === 4) return ipaddr.parse(canonical);
    } catch {
      // not an address after all: a name (which the resolver then answers or not)
    }
  }
  return null;
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), or null. */
function embeddedIPv4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = a.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const range = a.range();
  if (range === 'ipv4Mapped' || range === 'rfc6052' || range === 'rfc6145') return v4(p[6], p[7]);
  // ::a.b.c.d (IPv4-compatible, deprecated), :: and ::1 aside
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7] > 1)) return v4(p[6], p[7]);
  if (range === '6to4') return v4(p[1], p[2]);
  return null;
}

/** Whether an address is a public unicast one (anything else leads into some network's inside). */
export function isPublicAddress(a: Address): boolean {
  if (a.kind() === 'ipv4') return a.range() === 'unicast';
  const v6 = a as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.range() === 'unicast';
  return v6.range() === 'unicast';
}

/**
 * Reads the allowance (OUTBOUND_ALLOW): host names, addresses and CIDR ranges separated by
 * commas. Throws naming the first entry that is none of them.
 */
export function parseAllowance(text: string | undefined): OutboundAllowance {
  const hosts = new Set<string>();
  const ranges: Array<[Address, number]> = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry.includes('/')) {
      try {
        const [addr, bits] = ipaddr.parseCIDR(bare(entry.split('/')[0]) + '/' + entry.split('/')[1]);
        ranges.push([addr, bits]);
        continue;
      } catch {
        throw new Error(`"${entry}" is not an address range (CIDR)`);
      }
    }
    const literal = literalAddress(entry);
    if (literal) {
      ranges.push([literal, literal.kind() === 'ipv4' ? 32 : 128]);
      continue;
    }
    const name = bare(entry);
    if (!/^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/.test(name)) {
      throw new Error(`"${entry}" is neither a host name, an address nor an address range`);
    }
    hosts.add(name);
  }
  return { hosts, ranges };
}

function inRange(a: Address, [range, bits]: [Address, number]): boolean {
  if (a.kind() === range.kind()) return (a as ipaddr.IPv4).match(range as ipaddr.IPv4, bits);
  // an IPv4 range covers the IPv4-mapped IPv6 form of its addresses
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) return inRange((a as ipaddr.IPv6).toIPv4Address(), [range, bits]);
  return false;
}

export interface OutboundPolicyOptions {
  allowance?: OutboundAllowance;
  /** how names are resolved (the system resolver by default; tests give their own) */
  lookup?: LookupAll;
}

/**
 * The outbound policy of a service: resolves and checks a target, once. Every deliverer,
 * test connection and the save-time check of an integration go through one of these.
 */
export class OutboundPolicy {
  readonly allowance: OutboundAllowance;
  private readonly lookup: LookupAll;

  constructor(options: OutboundPolicyOptions = {}) {
    this.allowance = options.allowance ?? NO_ALLOWANCE;
    this.lookup = options.lookup ?? systemLookup;
  }

  /** Whether a connection may go to this address (public, or inside the allowance). */
  allowsAddress(address: string | Address): boolean {
    const a = typeof address === 'string' ? literalAddress(address) : address;
    if (!a) return false;
    return isPublicAddress(a) || this.allowance.ranges.some((r) => inRange(a, r));
  }

  /**
   * Resolves `host` once and answers the address to connect to, or throws
   * OutboundRefusedError (before any connection: a refusal takes no longer for an open port
   * than for a closed one). A name is refused when any address it resolves to is refused. A
   * name the allowance lists may resolve to anything. A name that does not resolve throws the
   * resolver's error (ENOTFOUND, EAI_AGAIN).
   */
  async resolve(host: string): Promise<CheckedAddress> {
    const literal = literalAddress(host);
    if (literal) {
      if (!this.allowsAddress(literal)) throw new OutboundRefusedError(host);
      const address = literal.kind() === 'ipv6' && (literal as ipaddr.IPv6).isIPv4MappedAddress() ? (literal as ipaddr.IPv6).toIPv4Address() : literal;
      return { host: address.toString(), address: address.toString(), family: address.kind() === 'ipv4' ? 4 : 6 };
    }
    const name = bare(host);
    const answers = await this.lookup(name);
    if (answers.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND', hostname: name });
    const named = this.allowance.hosts.has(name);
    const checked: Address[] = [];
    for (const answer of answers) {
      const a = literalAddress(answer.address);
      if (!a || (!named && !this.allowsAddress(a))) throw new OutboundRefusedError(host);
      checked.push(a);
    }
    const first = checked[0];
    const address = first.kind() === 'ipv6' && (first as ipaddr.IPv6).isIPv4MappedAddress() ? (first as ipaddr.IPv6).toIPv4Address() : first;
    return { host: name, address: address.toString(), family: address.kind() === 'ipv4' ? 4 : 6 };
  }

  /**
   * The save-time check of a target: throws OutboundRefusedError for an address, or a name
   * resolving to one, that is refused. A name that does not resolve now is accepted (the
   * destination may not be published yet): every connection checks again.
   */
  async assertAllowed(host: string, timeoutMs = 3000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      await Promise.race([this.resolve(host), late]);
    } catch (err) {
      if (isOutboundRefused(err)) throw err;
      // the name does not resolve (now): accepted, every connection checks again
    } finally {
      clearTimeout(timer);
    }
  }
}
