import sharp from 'sharp';
import { createVerifiedUser, publishStory } from '../../e2e/fixtures/api';

export const SEEDED_STORIES = 12;

/** A 900x1200 illustration stand-in: smooth colour fields and soft shapes, sized like a real upload. */
function illustration(seed: number): Promise<Buffer> {
  const width = 900;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const wave = Math.sin((x + seed * 37) / 60) * Math.cos((y - seed * 11) / 80);
      raw[i] = (40 + seed * 23 + 90 * wave + y / 12) & 255;
      raw[i + 1] = (20 + 60 * Math.abs(wave) + x / 20) & 255;
      raw[i + 2] = (70 + seed * 41 - 70 * wave) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const TEXTS = [
  'The city slept under a violet sky when she found the letter tucked inside the old piano, sealed with wax the colour of wine.',
  'He waited at the station where the last train never came, counting the lamps and the reasons he should have left long ago.',
  'By midnight the garden had changed: every rose turned toward the house, as if listening for the name she had not yet spoken.',
];

export interface Library {
  freeStoryId: string;
  reader: { email: string; token: string };
}

/**
 * A library of 12 stories with images, every third one premium, published through the real API
 * (multipart POST /api/stories as the admin), and a verified reader with a session.
 */
export async function seedLibrary(baseUrl: string, adminPassword: string): Promise<Library> {
  let freeStoryId = '';
  for (let n = 0; n < SEEDED_STORIES; n++) {
    const images = await Promise.all(TEXTS.map((_, slide) => illustration(n * 3 + slide)));
    const { id } = await publishStory(baseUrl, adminPassword, {
      texts: TEXTS.map((text) => `${text} (${n + 1})`),
      images,
      isPremium: n % 3 === 0,
    });
    if (n % 3 !== 0) freeStoryId = id;
  }
  const reader = await createVerifiedUser(baseUrl, { prefix: 'bench-reader' });
  return { freeStoryId, reader: { email: reader.email, token: reader.token } };
}
