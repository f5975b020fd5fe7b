/**
 * Showcase data for the web e2e specs (screens, screenshots): illustrated sample stories drawn
 * in code. Accounts, grants and the publishing call itself are the harness's (@nocturne/test-kit's api-client).
 */

import { publishStory } from '@nocturne/test-kit/api-client';
import sharp from 'sharp';

export interface SeedStory {
  texts: string[];
  isPremium?: boolean;
  /** Hue (0-360) of the generated illustrations. */
  hue?: number;
}

/** A night-scene illustration (3:4) as PNG bytes, drawn in code so tests need no files. */
export async function sceneImage(hue: number, seed: number): Promise<Buffer> {
  const moonX = 120 + ((seed * 67) % 360);
  const moonY = 110 + ((seed * 41) % 160);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
    <defs>
      <radialGradient id="s" cx="${moonX / 600}" cy="${moonY / 800}" r="1">
        <stop offset="0" stop-color="hsl(${hue} 45% 38%)"/><stop offset="0.6" stop-color="hsl(${hue} 40% 12%)"/>
        <stop offset="1" stop-color="hsl(${hue} 30% 5%)"/></radialGradient>
      <linearGradient id="h" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="hsl(${(hue + 30) % 360} 30% 14%)"/><stop offset="1" stop-color="#050407"/></linearGradient>
    </defs>
    <rect width="600" height="800" fill="url(#s)"/>
    <circle cx="${moonX}" cy="${moonY}" r="${70 + (seed % 4) * 12}" fill="hsl(${(hue + 40) % 360} 70% 86%)" opacity="0.9"/>
    <path d="M0 620 C120 560 220 600 320 560 C420 520 500 580 600 540 L600 800 L0 800 Z" fill="url(#h)"/>
    <path d="M0 700 C160 650 300 690 430 650 C500 630 560 650 600 640 L600 800 L0 800 Z" fill="#050407" opacity="0.8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Publishes `story` as the administrator with night-scene illustrations; returns its id. */
export async function publishSampleStory(
  baseURL: string,
  adminCode: string,
  story: SeedStory,
  seed = 0,
): Promise<string> {
  const hue = story.hue ?? (seed * 47) % 360;
  const images = await Promise.all(story.texts.map((_, index) => sceneImage(hue, seed + index)));
  const { id } = await publishStory(baseURL, adminCode, {
    texts: story.texts,
    isPremium: story.isPremium ?? false,
    images,
  });
  return id;
}

/** Stories with real-sounding openings, for screens and screenshots. */
export const SAMPLE_STORIES: SeedStory[] = [
  {
    texts: [
      'The lanterns of the night market flickered as she stepped off the last tram, her coat still smelling of rain and jasmine.',
      'He was waiting by the fountain, exactly where the letter had promised.',
    ],
    hue: 280,
  },
  {
    texts: [
      'Midnight at the observatory, and the professor had left the dome open to the stars and to the stranger on the stairs.',
      'Neither of them looked at the telescope for a very long time.',
    ],
    isPremium: true,
    hue: 220,
  },
  {
    texts: [
      'Velvet curtains, a borrowed mask, and one dance she had sworn she would never grant the Count of Aurelio.',
      'The music slowed. So did her heartbeat.',
    ],
    hue: 340,
  },
  {
    texts: [
      'The lighthouse keeper had not spoken to anyone in three winters when the storm delivered a sailor to her door.',
      'She lit every lamp in the tower that night.',
    ],
    hue: 190,
  },
  {
    texts: [
      'In the desert city every secret has a price, and tonight the jeweller wanted only a single honest kiss.',
      'She paid it twice, just to be sure.',
    ],
    isPremium: true,
    hue: 30,
  },
  {
    texts: [
      'Snow fell on the mountain inn while two rival climbers discovered there was only one room left.',
      'The fire burned low; the argument burned out.',
    ],
    hue: 210,
  },
  {
    texts: [
      'The moon witch Selene traded her silence for one night among mortals, and chose to spend it with him.',
      'By dawn, the tide had learned her name.',
    ],
    hue: 260,
  },
  {
    texts: [
      'A jazz singer, a detective with a secret, and a rooftop bar where nobody ever asks for the truth.',
      'He asked anyway. She sang the answer.',
    ],
    hue: 15,
  },
];

/** Opens the app once and stores the session token as the SPA does after a login. */
export async function signIn(
  page: { goto(url: string): Promise<unknown>; evaluate<A>(fn: (arg: A) => void, arg: A): Promise<unknown> },
  baseURL: string,
  token: string,
): Promise<void> {
  await page.goto(`${baseURL}/policy`);
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
}
