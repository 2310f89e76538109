// Which client a request comes from, for counting its failed logins: its socket address, widened for IPv6.
import { isIPv6 } from 'node:net';

const ipv4Mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * IPv4 clients are one address (an IPv4-mapped IPv6 form counts as the same client). One IPv6 subscriber usually holds
 * a whole /64 and may rotate through it freely, so IPv6 clients are counted by their /64 prefix.
 */
export function clientOf(address: string): string {
  const mapped = ipv4Mapped.exec(address);
  if (mapped?.[1]) return mapped[1];
  const plain = address.split('%')[0] ?? address;
  if (!isIPv6(plain)) return address;
  return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups, `::` expanded; an embedded IPv4 tail counts as the two groups it stands for. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}
