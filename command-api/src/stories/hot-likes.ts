import type { IncomingMessage } from 'node:http';
import { IDEMPOTENCY_KEY_PATTERN, StoryId } from '@nocturne/events';
import { JSON_TYPE, type PreparedAnswer } from '@nocturne/http-kit';
import type { CommandApiDeps } from '../deps';
import { commandContext } from '../shared/context';
import { announceAppended } from '../shared/reply';
import { LIKE_ROUTE, likeStory } from './like-story';

/** A command answered before the framework: its route pattern, and its answer on its way. */
export interface HotCommand {
  route: string;
  /** Rejects with what the route would have thrown (a refusal, an outage): the lane answers it. */
  answer: Promise<PreparedAnswer>;
}

const LIKE_PATH = /^\/api\/stories\/([^/?]+)\/like$/;

/**
 * Neither a body, nor a promise of one, nor a content type: Fastify parses and checks a body, and
 * it runs the content type's parser even on an empty one (an empty `application/json` is a 400,
 * an unknown type a 415, before the route ever sees the story id). All of that is the route's.
 */
function hasNoBody(request: IncomingMessage): boolean {
  const { headers } = request;
  const length = headers['content-length'];
  return (
    (length === undefined || length === '0') &&
    headers['transfer-encoding'] === undefined &&
    headers['content-type'] === undefined
  );
}

/**
 * Likes are the commands that arrive by the thousand, and Fastify's routing, hooks and reply are a
 * measurable share of a like's CPU (docs/performance.md, "The hot lane"). So a
 * plain like (POST, a story id as the route takes it, no query string, no body, no X-Admin-Code) runs
 * here, through the route's own `likeStory`, and its answer goes straight to the socket (the
 * server's hot lane, infra/src/system/hot-lane.ts); every other request goes to the route, which
 * answers it (a bad id's 404, a body, an admin's header).
 */
export function hotLikes(
  deps: Pick<CommandApiDeps, 'store' | 'notifier' | 'clock'>,
): (request: IncomingMessage) => HotCommand | undefined {
  let answered = 0;
  return (request) => {
    if (request.method !== 'POST' || request.headers['x-admin-code'] !== undefined || !hasNoBody(request))
      return undefined;
    const id = LIKE_PATH.exec(request.url ?? '')?.[1];
    if (id === undefined || !StoryId.safeParse(id).success) return undefined;
    // A malformed Idempotency-Key is the route's to refuse.
    const key = request.headers['idempotency-key'];
    if (key !== undefined && !(typeof key === 'string' && IDEMPOTENCY_KEY_PATTERN.test(key)))
      return undefined;
    answered += 1;
    const context = commandContext(
      { id: `lane-${answered.toString(36)}`, headers: request.headers },
      { kind: 'anonymous' },
    );
    return {
      route: LIKE_ROUTE,
      answer: likeStory(deps, id, context).then(({ position, likes }): PreparedAnswer => {
        announceAppended(deps, position);
        const body = Buffer.from(JSON.stringify({ likes }));
        return {
          status: 200,
          // As command-api's other answers (shared/never-stored.ts).
          headers: [
            'Content-Type',
            JSON_TYPE,
            'Cache-Control',
            'no-store',
            'X-Event-Position',
            String(position),
          ],
          body,
        };
      }),
    };
  };
}
