import { creatorMessages, refuse } from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type PublishStory, storyDecider } from './story-decider';

const given = deciderSpec(storyDecider);
const image = (n: number): ImageRef => ({ ref: n.toString(16).padStart(32, '0'), width: 800, height: 1200 });
const publish = (by: { creatorKey: string | null; penNameChosen: boolean }): PublishStory =>
  command(
    'PublishStory',
    {
      storyId: 's1',
      slides: [
        { image: image(1), text: 'One.' },
        { image: image(2), text: 'Two.' },
      ],
      preview: { ref: `preview-${'a'.repeat(32)}`, width: 240, height: 360 },
      isPremium: false,
      tags: [],
      warnings: [],
      rating: 'mature',
      curatedTags: new Set<string>(),
      assurance: { required: false, assuredUntil: null },
      ...by,
    },
    new Date('2026-01-01T00:00:00.000Z'),
  );

describe("a member's publish needs a pen name", () => {
  it('refuses a member without a pen name, before anything is appended', () => {
    given()
      .when(publish({ creatorKey: 'c'.repeat(32), penNameChosen: false }))
      .thenRefuses(refuse('invalid', creatorMessages.penNameRequired));
  });

  it("names the member in the StoryPublished; the admin's story names nobody (the product's name)", () => {
    const [member] = given()
      .when(publish({ creatorKey: 'c'.repeat(32), penNameChosen: true }))
      .events();
    expect(member?.data).toMatchObject({ creatorKey: 'c'.repeat(32) });
    const [admin] = given()
      .when(publish({ creatorKey: null, penNameChosen: false }))
      .events();
    expect(admin?.data).not.toHaveProperty('creatorKey');
  });
});
