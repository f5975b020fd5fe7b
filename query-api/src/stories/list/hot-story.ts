import type { IncomingMessage } from 'node:http';
import { anonymousStoryAnswer } from './anonymous-story-answer';
import type { HotAnswer } from './hot-list';
import type { StoryListCache } from './story-list-cache';
import { isVisitorGet } from './visitor-get';

const STORY_PATH = '/api/stories/';

/**
 * A visitor reading a free story asks for GET /api/stories/{id}, again and again while its likes
 * and views come in: the same bytes for everyone until the stories projection moves. So it is
 * answered from the snapshot in hand, as the route answers it (the same `anonymousStoryAnswer`),
 * without Fastify's routing and hooks, which cost such an answer several times its own CPU
 * (docs/performance.md, "The hot lane"). Whatever needs more is the
 * route's (undefined): a premium story, a story the snapshot does not hold (published a moment
 * ago, or none such: the route's 404), a viewer (Authorization, X-Admin-Code), a read-your-writes
 * wait (X-Min-Position), a HEAD, a query string or any path the router would read otherwise
 * (percent-escapes, a further segment), and the time before the first snapshot.
 */
export function hotStoryAnswers(
  storyList: StoryListCache,
): (request: IncomingMessage) => HotAnswer | undefined {
  return (request) => {
    const url = request.url ?? '';
    if (!url.startsWith(STORY_PATH) || !isVisitorGet(request)) return undefined;
    const id = url.slice(STORY_PATH.length);
    if (id === '' || /[/?%#]/.test(id)) return undefined;
    const { headers } = request;
    const snapshot = storyList.peek();
    const story = snapshot?.story(id);
    if (!snapshot || !story || story.row.is_premium) return undefined;
    return {
      route: '/api/stories/:id',
      answer: anonymousStoryAnswer(snapshot, story, headers['accept-encoding'], headers['if-none-match']),
    };
  };
}
