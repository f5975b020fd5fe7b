import type { Story } from '@nocturne/events/domain';
import { apiSchema } from '@nocturne/events/http';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { coverStory, fullStory, lockedStory } from './story-answer';
import { signerFor, unlockedBy, viewerOf } from './viewer';

const listDoc = apiSchema({
  summary: 'Every published story, newest first (premium ones locked unless the viewer may read them)',
  tags: ['stories'],
  ok: {
    200: {
      description: 'The stories',
      schema: z.array(
        z.object({
          id: z.string(),
          images: z.array(z.string()).describe('Image references: GET /api/images/{ref}'),
          texts: z.array(z.string()),
          isPremium: z.boolean(),
          views: z.number().int(),
          likes: z.number().int(),
          slides: z.number().int().optional().describe("The admin's list only"),
        }),
      ),
    },
  },
  errors: { 401: 'A wrong or expired X-Admin-Code (without the header the list is public)' },
});

/**
 * GET /api/stories: every published story, newest first.
 *
 * Who may see a premium story in full here: an admin, and a user who has unlocked that story.
 * A subscriber with stories left who has not opened it sees its cover (the first image,
 * unblurred, as spec.md section 2 shows subscribers, and the first 10 words): opening it is
 * what spends one of their 30. Everyone else gets the locked entry: only the blurred preview
 * and the first 10 words of the first text.
 * An admin's entries also say how many slides each story has.
 */
export const listStoriesRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/stories', { schema: listDoc }, async (request) => {
    const viewer = await viewerOf(request, deps);
    const [rows, unlocked] = await Promise.all([
      deps.db.selectFrom('stories').selectAll().orderBy('position', 'desc').execute(),
      unlockedBy(deps, viewer.user),
    ]);
    const signer = signerFor(viewer, deps);
    const mayUnlock = Boolean(viewer.user?.is_subscribed && viewer.user.premium_stories_remaining > 0);
    return rows.map((row): Story => {
      const mayRead = !row.is_premium || viewer.admin !== null || unlocked.has(row.id);
      const story = mayRead
        ? fullStory(row, signer)
        : mayUnlock && signer
          ? coverStory(row, signer)
          : lockedStory(row);
      return viewer.admin ? { ...story, slides: row.slides.length } : story;
    });
  });
};
