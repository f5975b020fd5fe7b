import type { PreparedAnswer } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';
import type { QueryApiDeps } from '../../deps';
import { readAnonymousListAnswer } from './anonymous-list-answer';
import { listAnswerOf, PRIVATE_LIST_CACHE_CONTROL } from './list-answer-head';
import type { ListAsked } from './list-asked';
import type { ListSnapshot } from './list-snapshot';
import type { ListBody } from './listed-story';
import { adminEntries, ownListBody, readerEntries } from './own-list-body';
import { PersonalAnswers } from './personal-answers';

/**
 * Every answer of GET /api/stories that the route makes, by who asks: an admin's (every story in
 * full), a visitor's (the anonymous answer, kept with the snapshot: the hot lane sends the same
 * object, anonymous-list-answer.ts), or a reader's (their own entries, kept briefly per reader,
 * personal-answers.ts). Each is a prepared answer with the same headers (list-answer-head.ts).
 */
export class ListAnswers {
  /** A reader's answers, made once for the requests of one reader that come while it is made. */
  private readonly personal = new PersonalAnswers<ListBody>();

  constructor(private readonly deps: QueryApiDeps) {}

  async answer(request: FastifyRequest, snapshot: ListSnapshot, asked: ListAsked): Promise<PreparedAnswer> {
    const { deps } = this;
    if (request.admin) {
      const body = await ownListBody(snapshot, asked, await adminEntries(request, deps));
      return listAnswerOf(snapshot.position, body, PRIVATE_LIST_CACHE_CONTROL, asked);
    }
    const { authorization } = request.headers;
    if (!authorization) return readAnonymousListAnswer(snapshot, asked);
    // The view is part of the key: a reader's entries that read as anonymous are in the request's.
    const page = `${asked.view.name} ${request.url}`;
    const key = PersonalAnswers.key(authorization, snapshot.position, deps.consistency.known(), page);
    const body = await this.personal.answer(key, async () =>
      ownListBody(snapshot, asked, await readerEntries(request, deps, asked.view)),
    );
    return listAnswerOf(snapshot.position, body, PRIVATE_LIST_CACHE_CONTROL, asked);
  }
}
