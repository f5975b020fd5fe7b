import type { IncomingMessage } from 'node:http';
import { type HotAnswer, hotListAnswers } from './hot-list';
import { hotStoryAnswers } from './hot-story';
import type { StoryListCache } from './story-list-cache';

/** What the server's hot lane answers from memory: the anonymous list, and a free story. */
export function hotAnswers(storyList: StoryListCache): (request: IncomingMessage) => HotAnswer | undefined {
  const list = hotListAnswers(storyList);
  const story = hotStoryAnswers(storyList);
  return (request) => list(request) ?? story(request);
}
