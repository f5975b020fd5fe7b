import { mixedHistory } from '../testing/mixed-history';

const vault = {
  encrypt: async (s: string) => `pii:v1:${s}:a:b:c`,
  decrypt: async () => 'x',
  destroy: async () => {},
};
const t = performance.now();
const h = await mixedHistory(vault as any, 50000, 1);
console.log(h.count, Math.round(performance.now() - t), 'ms');
