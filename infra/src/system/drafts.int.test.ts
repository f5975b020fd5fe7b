import { creatorMessages, draftMessages, storyMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiCall, bearer, pngBytes, postStory, publish, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;
let writer: string;
let rival: string;
let nameless: string;

beforeAll(async () => {
  // The scheduler looks often here, so that a draft due in a moment is published in the test.
  system = await startTestSystem({ schedulerPollMs: 200 });
  writer = await verifiedUser(system.baseUrl, 'drafter@nocturne.test');
  rival = await verifiedUser(system.baseUrl, 'rival-drafter@nocturne.test');
  nameless = await verifiedUser(system.baseUrl, 'nameless@nocturne.test');
  for (const [token, penName] of [
    [writer, 'Draft Writer'],
    [rival, 'Rival Writer'],
  ] as const) {
    await call('PUT', '/api/me/pen-name', token, { penName });
  }
}, 180_000);

afterAll(async () => {
  await system?.stop();
});

let clients = 0;
/** A request from a client address of its own: publishing is rate limited per client. */
const call = (method: string, path: string, token: string | null, body?: unknown, form?: FormData) =>
  apiCall(system.baseUrl, method, path, {
    token,
    body,
    ...(form ? { form } : {}),
    client: `10.79.${(++clients >> 8) & 255}.${clients & 255}`,
  });

/** A draft's or a revision's body: texts, and per slide a kept slide or a new image. */
async function contentForm(slides: ({ text: string; keep: number } | { text: string; seed: number })[]) {
  const form = new FormData();
  for (const slide of slides) {
    form.append('texts', slide.text);
    if ('keep' in slide) {
      form.append('keep', String(slide.keep));
    } else {
      form.append('keep', '');
      form.append(
        'images',
        new Blob([new Uint8Array(await pngBytes(slide.seed))], { type: 'image/png' }),
        'x.png',
      );
    }
  }
  return form;
}
const twoSlides = () =>
  contentForm([
    { text: 'The lamp was low.', seed: 11 },
    { text: 'Someone knocked.', seed: 12 },
  ]);

/** Reads with the position of the last write: the read models have caught up with it. */
const read = async (path: string, token: string | null, position: string | null) => {
  await system.settle();
  return call('GET', path, token, undefined, undefined).then((answer) => ({ ...answer, position }));
};
const head = () => system.infra.store.headPosition();

describe('drafts', () => {
  it('saves a draft seen by its creator only, edits it, publishes it as a story with its pen name', async () => {
    const saved = await call('POST', '/api/drafts', writer, undefined, await twoSlides());
    expect(saved.status).toBe(201);
    const id = saved.body.id as string;
    const mine = await read('/api/me/drafts', writer, saved.position);
    expect(mine.body.drafts.map((d: { id: string }) => d.id)).toEqual([id]);
    expect((await read('/api/me/drafts', rival, null)).body.drafts).toEqual([]);
    expect((await read(`/api/me/drafts/${id}`, rival, null)).status).toBe(404);
    expect((await read(`/api/stories/${id}`, null, null)).status).toBe(404);
    // Its images are served to its creator only.
    const draft = (await read(`/api/me/drafts/${id}`, writer, null)).body;
    expect((await fetch(`${system.baseUrl}/api/images/${draft.images[0]}`)).status).toBe(200);
    const plainRef = (draft.images[0] as string).split('.')[0];
    expect((await fetch(`${system.baseUrl}/api/images/${plainRef}`)).status).toBe(404);

    const edited = await call(
      'PUT',
      `/api/drafts/${id}`,
      writer,
      undefined,
      await contentForm([
        { text: 'Someone knocked twice.', keep: 1 },
        { text: 'The lamp went out.', keep: 0 },
        { text: 'Silence.', seed: 13 },
      ]),
    );
    expect(edited.status).toBe(200);
    const published = await call('POST', `/api/drafts/${id}/publish`, writer);
    expect(published.status).toBe(200);
    const story = await read(`/api/stories/${id}`, null, published.position);
    expect(story.body.texts).toEqual(['Someone knocked twice.', 'The lamp went out.', 'Silence.']);
    expect(story.body.creator).toEqual({ name: 'Draft Writer', handle: 'draft-writer' });
    expect((await read('/api/me/drafts', writer, null)).body.drafts).toEqual([]);
    const types = (await system.infra.store.readStream(streams.story(id))).map((e) => e.type);
    expect(types).toEqual(['StoryDraftSaved', 'StoryDraftSaved', 'StoryPublished']);
  });

  it("refuses someone else's draft, an unknown one, a past schedule and a visitor, appending nothing", async () => {
    const saved = await call('POST', '/api/drafts', writer, undefined, await twoSlides());
    const id = saved.body.id as string;
    const before = await head();
    const refusals = [
      [
        await call('PUT', `/api/drafts/${id}`, rival, undefined, await twoSlides()),
        404,
        draftMessages.notFound,
      ],
      [await call('POST', `/api/drafts/${id}/publish`, rival), 404, draftMessages.notFound],
      [await call('DELETE', `/api/drafts/${id}`, rival), 404, draftMessages.notFound],
      [await call('POST', '/api/drafts/no-such-draft/publish', writer), 404, draftMessages.notFound],
      [
        await call('PUT', `/api/drafts/${id}/schedule`, writer, { publishAt: '2020-01-01T00:00:00Z' }),
        400,
        draftMessages.pastSchedule,
      ],
      [await call('PUT', `/api/drafts/${id}/schedule`, writer, { publishAt: 'tomorrow' }), 400, null],
      [await call('DELETE', `/api/drafts/${id}/schedule`, writer), 409, draftMessages.notScheduled],
      [await call('POST', '/api/drafts', null, undefined, await twoSlides()), 401, null],
      [
        await call(
          'PUT',
          `/api/drafts/${id}`,
          writer,
          undefined,
          await contentForm([{ text: 'x', keep: 7 }]),
        ),
        400,
        'Slide 7 does not exist: upload an image for it.',
      ],
    ] as const;
    for (const [answer, status, detail] of refusals) {
      expect(answer.status).toBe(status);
      expect(typeof answer.body.detail).toBe('string');
      if (detail) expect(answer.body.detail).toBe(detail);
    }
    expect(await head()).toBe(before);
  });

  it('a member without a pen name cannot publish, directly or from a draft; nothing is appended', async () => {
    const before = await head();
    const direct = await postStory(system.baseUrl, { texts: ['One.', 'Two.'] }, bearer(nameless), 41);
    expect(direct.status).toBe(400);
    expect(((await direct.json()) as { detail: string }).detail).toBe(creatorMessages.penNameRequired);
    expect(await head()).toBe(before);
    const saved = await call('POST', '/api/drafts', nameless, undefined, await twoSlides());
    const afterSave = await head();
    const fromDraft = await call('POST', `/api/drafts/${saved.body.id}/publish`, nameless);
    expect(fromDraft.status).toBe(400);
    expect(fromDraft.body.detail).toBe(creatorMessages.penNameRequired);
    expect(await head()).toBe(afterSave);
  });

  it('a scheduled draft is published by the scheduler; an unscheduled one stays a draft', async () => {
    const kept = (await call('POST', '/api/drafts', writer, undefined, await twoSlides())).body.id as string;
    const soon = new Date(Date.now() + 1500).toISOString();
    expect((await call('PUT', `/api/drafts/${kept}/schedule`, writer, { publishAt: soon })).status).toBe(200);
    expect((await call('DELETE', `/api/drafts/${kept}/schedule`, writer)).status).toBe(200);

    const due = (await call('POST', '/api/drafts', writer, undefined, await twoSlides())).body.id as string;
    const scheduled = await call('PUT', `/api/drafts/${due}/schedule`, writer, {
      publishAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect(scheduled.status).toBe(200);
    await expect
      .poll(async () => (await read(`/api/stories/${due}`, null, null)).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    const events = await system.infra.store.readStream(streams.story(due));
    expect(events.map((e) => e.type)).toEqual(['StoryDraftSaved', 'StoryDraftScheduled', 'StoryPublished']);
    expect((events.at(-1)?.metadata as { actor?: unknown } | undefined)?.actor).toEqual({ kind: 'system' });
    expect((await read(`/api/stories/${due}`, null, null)).body.creator.handle).toBe('draft-writer');
    const drafts = (await read('/api/me/drafts', writer, null)).body.drafts as {
      id: string;
      publishAt: null;
    }[];
    expect(drafts.find((d) => d.id === kept)?.publishAt).toBeNull();
    expect((await read(`/api/stories/${kept}`, null, null)).status).toBe(404);
  });
});

describe('revisions and unpublishing', () => {
  it("revises one's story: readers see the latest; a reader on a removed slide moves to the nearest kept", async () => {
    const saved = await call(
      'POST',
      '/api/drafts',
      writer,
      undefined,
      await contentForm([1, 2, 3, 4].map((n) => ({ text: `Slide ${n}.`, seed: 20 + n }))),
    );
    const id = saved.body.id as string;
    await call('POST', `/api/drafts/${id}/publish`, writer);
    const reader = await verifiedUser(system.baseUrl, 'slide-reader@nocturne.test');
    expect((await call('PUT', `/api/stories/${id}/progress`, reader, { slide: 2 })).status).toBeLessThan(300);
    await call('POST', `/api/stories/${id}/like`, reader);

    const revised = await call(
      'POST',
      `/api/stories/${id}/revisions`,
      writer,
      undefined,
      await contentForm([
        { text: 'Slide one, revised.', keep: 0 },
        { text: 'The last slide.', keep: 3 },
      ]),
    );
    expect(revised.status).toBe(200);
    const story = (await read(`/api/stories/${id}`, null, revised.position)).body;
    expect(story.texts).toEqual(['Slide one, revised.', 'The last slide.']);
    expect(story.likes).toBe(1);
    const progress = await read(`/api/stories/${id}/progress`, reader, null);
    // The reader was on slide 3 of 4, removed: slide 4 is the nearest kept, the second now.
    expect(progress.body.slide).toBe(1);
  });

  it("refuses to revise or unpublish someone else's story, or an unknown one, appending nothing", async () => {
    const adminStory = await publish(system.baseUrl, { texts: ['The admin wrote.', 'Two.'] }, 51);
    const before = await head();
    for (const answer of [
      await call('POST', `/api/stories/${adminStory}/revisions`, writer, undefined, await twoSlides()),
      await call('POST', `/api/stories/${adminStory}/unpublish`, writer),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.detail).toBe(draftMessages.notYours);
    }
    const unknown = await call('POST', '/api/stories/no-such-story/unpublish', writer);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(storyMessages.notFound);
    expect(await head()).toBe(before);
  });

  it('an unpublished story leaves the list, search and the creator page at once', async () => {
    const saved = await call(
      'POST',
      '/api/drafts',
      writer,
      undefined,
      await contentForm([
        { text: 'Quixotic lanterns drifted.', seed: 61 },
        { text: 'Two.', seed: 62 },
      ]),
    );
    const id = saved.body.id as string;
    await call('POST', `/api/drafts/${id}/publish`, writer);
    await system.settle();
    const found = await call('GET', '/api/search?q=quixotic', writer);
    expect(found.body.map((s: { id: string }) => s.id)).toContain(id);
    const gone = await call('POST', `/api/stories/${id}/unpublish`, writer);
    expect(gone.status).toBe(200);
    const headers = { 'X-Min-Position': gone.position!, ...bearer(writer) };
    const list = (await (await fetch(`${system.baseUrl}/api/stories?limit=100`, { headers })).json()) as {
      id: string;
    }[];
    expect(list.map((s) => s.id)).not.toContain(id);
    const search = (await (await fetch(`${system.baseUrl}/api/search?q=quixotic`, { headers })).json()) as {
      id: string;
    }[];
    expect(search.map((s) => s.id)).not.toContain(id);
    expect((await fetch(`${system.baseUrl}/api/stories/${id}`, { headers })).status).toBe(404);
    const page = (await (
      await fetch(`${system.baseUrl}/api/stories?creator=draft-writer`, { headers })
    ).json()) as {
      id: string;
    }[];
    expect(JSON.stringify(page)).not.toContain(id);
  });
});
