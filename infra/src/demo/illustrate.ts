import { seededRandom } from '@nocturne/domain';
import sharp from 'sharp';

/** What a demo story looks like: its colours and the shape its pictures are made of. */
export interface Look {
  /** Sky top, sky bottom, accent, glow: CSS colours. */
  palette: readonly [string, string, string, string];
  motif: Motif;
}

export type Motif =
  | 'moon'
  | 'stars'
  | 'waves'
  | 'petals'
  | 'city'
  | 'rain'
  | 'lanterns'
  | 'silk'
  | 'hills'
  | 'candles'
  | 'fireflies'
  | 'aurora';

/** Portrait, like a phone screen; wide enough for two renditions (480 and 720), small enough to be quick. */
export const ILLUSTRATION_WIDTH = 720;
export const ILLUSTRATION_HEIGHT = 960;
const W = ILLUSTRATION_WIDTH;
const H = ILLUSTRATION_HEIGHT;

type Rand = () => number;
const between = (rand: Rand, low: number, high: number) => low + rand() * (high - low);
const f = (n: number) => n.toFixed(1);

function stars(rand: Rand, count: number, colour: string, maxY = H * 0.6): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${f(rand() * W)}" cy="${f(rand() * maxY)}" r="${f(between(rand, 0.6, 2.4))}" fill="${colour}" opacity="${f(between(rand, 0.3, 1))}"/>`;
  }
  return out;
}

function moon(rand: Rand, glow: string, x = between(rand, 180, 540), y = between(rand, 150, 330)): string {
  const r = between(rand, 60, 110);
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 2.6)}" fill="url(#halo)"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${glow}"/>`;
}

function ridge(rand: Rand, base: number, amplitude: number, colour: string, opacity: number): string {
  let d = `M0 ${H}L0 ${f(base)}`;
  for (let x = 0; x <= W; x += 60) d += `L${x} ${f(base - rand() * amplitude)}`;
  return `<path d="${d}L${W} ${H}Z" fill="${colour}" opacity="${f(opacity)}"/>`;
}

function wave(rand: Rand, base: number, colour: string, opacity: number): string {
  const length = between(rand, 140, 260);
  const height = between(rand, 12, 36);
  let d = `M0 ${f(base)}`;
  for (let x = 0; x < W + length; x += length) {
    d += `Q${f(x + length / 4)} ${f(base - height)} ${f(x + length / 2)} ${f(base)}T${f(x + length)} ${f(base)}`;
  }
  return `<path d="${d}L${W + length} ${H}L0 ${H}Z" fill="${colour}" opacity="${f(opacity)}"/>`;
}

/** The body of each motif, drawn over the sky gradient. */
const motifs: Record<Motif, (rand: Rand, look: Look) => string> = {
  moon: (rand, { palette: [, , accent, glow] }) =>
    stars(rand, 90, glow) + moon(rand, glow) + ridge(rand, H * 0.82, 90, accent, 0.9),
  stars: (rand, { palette: [, , accent, glow] }) => {
    const points = Array.from({ length: 7 }, () => [between(rand, 80, W - 80), between(rand, 120, H * 0.55)]);
    const line = points.map(([x, y], i) => `${i ? 'L' : 'M'}${f(x!)} ${f(y!)}`).join('');
    return (
      stars(rand, 220, glow, H) +
      `<path d="${line}" stroke="${accent}" stroke-width="1.5" fill="none" opacity="0.7"/>` +
      points.map(([x, y]) => `<circle cx="${f(x!)}" cy="${f(y!)}" r="5" fill="${glow}"/>`).join('')
    );
  },
  waves: (rand, { palette: [, , accent, glow] }) =>
    moon(rand, glow, between(rand, 200, 520), between(rand, 160, 260)) +
    Array.from({ length: 6 }, (_, i) => wave(rand, H * 0.55 + i * 70, accent, 0.25 + i * 0.12)).join(''),
  petals: (rand, { palette: [, , accent, glow] }) =>
    Array.from({ length: 38 }, () => {
      const x = rand() * W;
      const y = rand() * H;
      const size = between(rand, 14, 46);
      return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(size)}" ry="${f(size / 2.4)}" transform="rotate(${f(rand() * 180)} ${f(x)} ${f(y)})" fill="${rand() < 0.7 ? accent : glow}" opacity="${f(between(rand, 0.45, 0.95))}"/>`;
    }).join(''),
  city: (rand, { palette: [, , accent, glow] }) => {
    let out = stars(rand, 60, glow, H * 0.4);
    for (let x = -20; x < W; x += between(rand, 60, 120)) {
      const width = between(rand, 50, 110);
      const top = between(rand, H * 0.35, H * 0.75);
      out += `<rect x="${f(x)}" y="${f(top)}" width="${f(width)}" height="${f(H - top)}" fill="${accent}"/>`;
      for (let wy = top + 16; wy < H - 20; wy += 28) {
        for (let wx = x + 10; wx < x + width - 14; wx += 20) {
          if (rand() < 0.3)
            out += `<rect x="${f(wx)}" y="${f(wy)}" width="9" height="13" fill="${glow}" opacity="${f(between(rand, 0.5, 1))}"/>`;
        }
      }
    }
    return out;
  },
  rain: (rand, { palette: [, , accent, glow] }) => {
    let out = '';
    for (let i = 0; i < 26; i++) {
      out += `<circle cx="${f(rand() * W)}" cy="${f(between(rand, H * 0.3, H))}" r="${f(between(rand, 16, 60))}" fill="${rand() < 0.5 ? glow : accent}" opacity="${f(between(rand, 0.12, 0.4))}"/>`;
    }
    for (let i = 0; i < 160; i++) {
      const x = rand() * (W + 200) - 100;
      const y = rand() * H;
      const length = between(rand, 30, 80);
      out += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x - length * 0.25)}" y2="${f(y + length)}" stroke="${glow}" stroke-width="1.4" opacity="${f(between(rand, 0.2, 0.6))}"/>`;
    }
    return out;
  },
  lanterns: (rand, { palette: [, , accent, glow] }) =>
    ridge(rand, H * 0.88, 40, accent, 1) +
    Array.from({ length: 18 }, () => {
      const x = rand() * W;
      const y = between(rand, 80, H * 0.8);
      const size = between(rand, 10, 30);
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size * 3)}" fill="url(#halo)"/><rect x="${f(x - size / 2)}" y="${f(y - size * 0.7)}" width="${f(size)}" height="${f(size * 1.4)}" rx="${f(size / 3)}" fill="${glow}"/>`;
    }).join(''),
  silk: (rand, { palette: [, , accent, glow] }) =>
    Array.from({ length: 9 }, (_, i) => {
      const x = between(rand, -100, W);
      const d = `M${f(x)} -20C${f(x + between(rand, -260, 260))} ${f(H * 0.3)} ${f(x + between(rand, -260, 260))} ${f(H * 0.7)} ${f(x + between(rand, -120, 120))} ${H + 20}`;
      return `<path d="${d}" stroke="${i % 2 ? accent : glow}" stroke-width="${f(between(rand, 30, 110))}" fill="none" stroke-linecap="round" opacity="${f(between(rand, 0.18, 0.5))}"/>`;
    }).join(''),
  hills: (rand, { palette: [, , accent, glow] }) =>
    stars(rand, 70, glow) +
    moon(rand, glow) +
    Array.from({ length: 4 }, (_, i) =>
      ridge(rand, H * (0.55 + i * 0.11), 160 - i * 25, accent, 0.35 + i * 0.2),
    ).join(''),
  candles: (rand, { palette: [, , accent, glow] }) =>
    Array.from({ length: 7 }, () => {
      const x = between(rand, 60, W - 60);
      const top = between(rand, H * 0.45, H * 0.75);
      const width = between(rand, 34, 64);
      return (
        `<circle cx="${f(x)}" cy="${f(top - 30)}" r="${f(width * 3)}" fill="url(#halo)"/>` +
        `<rect x="${f(x - width / 2)}" y="${f(top)}" width="${f(width)}" height="${f(H - top)}" rx="6" fill="${accent}"/>` +
        `<ellipse cx="${f(x)}" cy="${f(top - 26)}" rx="${f(width / 5)}" ry="${f(width / 2)}" fill="${glow}"/>`
      );
    }).join(''),
  fireflies: (rand, { palette: [, , accent, glow] }) => {
    let out = ridge(rand, H * 0.78, 60, accent, 0.9);
    for (let i = 0; i < 70; i++) {
      const x = rand() * W;
      const y = between(rand, H * 0.2, H * 0.9);
      out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rand, 8, 18))}" fill="url(#halo)"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rand, 1.5, 3.5))}" fill="${glow}"/>`;
    }
    for (let i = 0; i < 90; i++) {
      const x = rand() * W;
      out += `<line x1="${f(x)}" y1="${H}" x2="${f(x + between(rand, -30, 30))}" y2="${f(H - between(rand, 60, 200))}" stroke="${accent}" stroke-width="3"/>`;
    }
    return out;
  },
  aurora: (rand, { palette: [, , accent, glow] }) =>
    stars(rand, 120, glow, H) +
    Array.from({ length: 5 }, (_, i) => {
      const y = between(rand, 150, 520);
      const d = `M-50 ${f(y)}C${f(W * 0.3)} ${f(y - between(rand, 80, 220))} ${f(W * 0.6)} ${f(y + between(rand, 80, 220))} ${W + 50} ${f(y - 40)}`;
      return `<path d="${d}" stroke="${i % 2 ? glow : accent}" stroke-width="${f(between(rand, 40, 90))}" fill="none" opacity="${f(between(rand, 0.2, 0.45))}"/>`;
    }).join('') +
    ridge(rand, H * 0.86, 80, '#05040a', 1),
};

/** The SVG of one slide: the story's sky, glow and motif, varied per slide by the seed. */
export function illustrationSvg(look: Look, seed: number): string {
  const rand = seededRandom(seed);
  const [top, bottom, , glow] = look.palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="${f(rand())}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<radialGradient id="halo"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
${motifs[look.motif](rand, look)}
</svg>`;
}

/**
 * One slide's picture as a JPEG, the kind of file a person uploads: it goes through the same
 * upload pipeline (sniffing, WebP renditions, blurred preview) as any other image.
 */
export function illustration(look: Look, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(illustrationSvg(look, seed)))
    .jpeg({ quality: 88 })
    .toBuffer();
}
