import type { FastifyInstance, InjectOptions } from 'fastify';
import { DAY_MS } from './demo-clock';
import { DEMO_LIBRARY } from './library';

type Send = (
  app: FastifyInstance,
  what: string,
  request: Pick<InjectOptions, 'method' | 'url' | 'headers' | 'payload'>,
) => Promise<Record<string, unknown>>;

/** The demo creator's unfinished work: a draft, and one scheduled for later in the week. */
const DRAFT_TEXTS = [
  'The last ferry left without her, and the island went quiet in a way the brochures never mentioned.',
  '',
];
const SCHEDULED_TEXTS = [
  'Every Thursday the bookshop stayed open an hour late, and every Thursday the same stranger bought nothing.',
  'This Thursday he left a note between the pages of a book she had been saving for herself.',
];
/** How far ahead the scheduled draft goes live: the studio shows it waiting. */
const SCHEDULED_IN_DAYS = 5;
/** The first story's opening, as its creator rewrote it after it was published. */
const REVISED_OPENING =
  'The moon rose late over the vineyard, and Elena stopped pretending, even to the cypress trees, that she had come back for the harvest.';

/** The uploads below (two drafts and a revision): the seeding's publish limit makes room for them. */
export const DEMO_DRAFT_UPLOADS = 3;

/** A draft's form with pictures already drawn for the library (so the demo draws nothing more). */
function draftForm(texts: readonly string[], images: readonly Blob[]): FormData {
  const form = new FormData();
  for (const [slide, text] of texts.entries()) {
    form.append('images', images[slide]!, `slide-${slide + 1}.jpg`);
    form.append('texts', text);
  }
  form.append('isPremium', 'false');
  return form;
}

/**
 * What the first demo creator's studio shows besides numbers: a draft, a draft scheduled days
 * ahead, and their first story revised (its images kept, its opening rewritten). `images` are
 * pictures drawn for an earlier story; `now` is when the history ends.
 */
export async function giveTheCreatorDrafts(
  app: FastifyInstance,
  send: Send,
  creator: Record<string, string>,
  { images, firstStoryId, now }: { images: readonly Blob[]; firstStoryId: string; now: Date },
): Promise<void> {
  await send(app, 'the demo creator saves a draft', {
    method: 'POST',
    url: '/api/drafts',
    headers: creator,
    payload: draftForm(DRAFT_TEXTS, images),
  });
  const { id } = await send(app, 'the demo creator saves a draft to schedule', {
    method: 'POST',
    url: '/api/drafts',
    headers: creator,
    payload: draftForm(SCHEDULED_TEXTS, images),
  });
  await send(app, 'the demo creator schedules it', {
    method: 'PUT',
    url: `/api/drafts/${String(id)}/schedule`,
    headers: creator,
    payload: { publishAt: new Date(now.getTime() + SCHEDULED_IN_DAYS * DAY_MS).toISOString() },
  });

  const first = DEMO_LIBRARY[0]!;
  const revision = new FormData();
  for (const [slide, text] of first.texts.entries()) {
    revision.append('texts', slide === 0 ? REVISED_OPENING : text);
    revision.append('keep', String(slide));
  }
  for (const tag of first.tags) revision.append('tags', tag);
  for (const warning of first.warnings) revision.append('warnings', warning);
  await send(app, 'the demo creator revises their first story', {
    method: 'POST',
    url: `/api/stories/${firstStoryId}/revisions`,
    headers: creator,
    payload: revision,
  });
}
