import type { FastifyPluginAsync } from 'fastify';
import type { QueryApiDeps } from '../deps';
import { fullStory, lockedStory, type StoryAnswer } from './story-answer';
import { signerFor, unlockedBy, viewerOf } from './viewer';

/**
 * GET /api/stories: every published story, newest first.
 *
 * Who may see a premium story in full here: an admin, and a user who has unlocked that story.
 * A subscriber who has not unlocked it yet sees the locked card like everyone else, because
 * opening it is what spends one of their 30 stories; until then it is not theirs to read.
 * A locked entry carries only the blurred preview and the first 10 words of the first text.
 * An admin's entries also say how many slides each story has.
 */
export const listStoriesRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/stories', async (request) => {
    const viewer = await viewerOf(request, deps);
    const [rows, unlocked] = await Promise.all([
      deps.db.selectFrom('stories').selectAll().orderBy('position', 'desc').execute(),
      unlockedBy(deps, viewer.user),
    ]);
    const signer = signerFor(viewer, deps);
    return rows.map((row): StoryAnswer => {
      const mayRead = !row.is_premium || viewer.admin !== null || unlocked.has(row.id);
      const story = mayRead ? fullStory(row, signer) : lockedStory(row);
      return viewer.admin ? { ...story, slides: row.slides.length } : story;
    });
  });
};
