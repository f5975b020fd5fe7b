import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * The addresses CCBill sends its webhooks from, as its Webhooks User Guide publishes them. A
 * deployment may replace the list (CCBILL_WEBHOOK_SENDERS) when CCBill announces others.
 */
export const CCBILL_WEBHOOK_RANGES: readonly string[] = [
  '64.38.212.1-64.38.212.254',
  '64.38.215.1-64.38.215.254',
  '64.38.240.1-64.38.240.254',
  '64.38.241.1-64.38.241.254',
];

/** One entry: an address, a range `first-last`, or a CIDR block `address/bits`. */
export function isSenderRange(entry: string): boolean {
  try {
    senderList([entry]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether an address (as seen through TRUST_PROXY) is one of the senders. An IPv4 address
 * written as IPv6 (`::ffff:64.38.212.9`, how a dual-stack socket reports it) is read as IPv4.
 */
export function senderCheck(entries: readonly string[]): (address: string) => boolean {
  const list = senderList(entries);
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped ? mapped[1]! : address;
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    if (isIPv6(plain)) return list.check(plain, 'ipv6');
    return false;
  };
}

function senderList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    const family = (address: string) => {
      if (isIPv4(address)) return 'ipv4' as const;
      if (isIPv6(address)) return 'ipv6' as const;
      throw new Error(`not an IP address: ${address}`);
    };
    if (entry.includes('/')) {
      const [address = '', bits = ''] = entry.split('/');
      const type = family(address);
      const prefix = Number(bits);
      if (!/^\d{1,3}$/.test(bits) || prefix > (type === 'ipv4' ? 32 : 128))
        throw new Error(`not a CIDR block: ${entry}`);
      list.addSubnet(address, prefix, type);
    } else if (entry.includes('-')) {
      const [first = '', last = ''] = entry.split('-');
      const type = family(first);
      if (family(last) !== type) throw new Error(`a range of two families: ${entry}`);
      list.addRange(first, last, type);
    } else {
      list.addAddress(entry, family(entry));
    }
  }
  return list;
}
