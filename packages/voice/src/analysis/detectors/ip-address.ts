import { isIPv6 } from 'node:net';
import { fromView, type Candidate, type DetectionContext } from './context.ts';

const IPV4 = /(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d|\.\d)/g;
const IPV6 =
  /(?<![0-9A-Za-z:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{0,4}|\d{1,3}(?:\.\d{1,3}){3})(?:%[0-9A-Za-z]+)?(?![0-9A-Za-z:])/g;

/** Dotted-quad IPv4: four octets 0–255 without leading zeros. */
export function ipv4Valid(s: string): boolean {
  const parts = s.split('.');
  return (
    parts.length === 4 && parts.every((p) => /^(?:0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)
  );
}

/** IPv6 in full, compressed (`::`), zone-id or IPv4-embedded form, with a hex digit. */
export function ipv6Valid(s: string): boolean {
  return /[0-9A-Fa-f]/.test(s) && isIPv6(s);
}

/** IPv4 (digit view, so spoken "one nine two dot …" counts) and IPv6 (original text). */
export function detectIpAddresses(ctx: DetectionContext): Candidate[] {
  const out: Candidate[] = [];
  for (const m of ctx.digits.text.matchAll(IPV4)) {
    if (ipv4Valid(m[0]))
      out.push(fromView(ctx.digits, 'ip_address', m.index, m.index + m[0].length));
  }
  for (const m of ctx.text.matchAll(IPV6)) {
    if (ipv6Valid(m[0]))
      out.push({ category: 'ip_address', start: m.index, end: m.index + m[0].length });
  }
  return out;
}
