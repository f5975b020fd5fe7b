import type { FastifyPluginAsync } from 'fastify';
import type { QueryApiDeps } from '../deps';

/** GET /api/stories: every published story, newest first. */
export const listStoriesRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/stories', async () => {
    const rows = await deps.db.selectFrom('stories').selectAll().orderBy('position', 'desc').execute();
    return rows.map((row) => ({
      id: row.id,
      images: row.slides.map((s) => s.image.ref),
      texts: row.slides.map((s) => s.text),
      isPremium: row.is_premium,
      views: row.views,
      likes: row.likes,
    }));
  });
};
