import { logIn } from '@nocturne/test-kit/api-client';
import type { RunningProduct } from './product';

export interface BenchLibrary {
  freeStoryId: string;
  /** A creator's page handle: the free story's creator. */
  creatorHandle: string;
  reader: { email: string; token: string };
  /** The demo creator, whose studio has a year of numbers to show. */
  creator: { email: string; token: string };
}

/**
 * What the benchmark reads in the demo library that the product's first start made
 * (infra/src/demo): a free story for the reader page and its creator's page, the demo reader's
 * session for the profile and the story kept offline, the demo creator's for the studio.
 */
export async function demoLibrary(product: RunningProduct): Promise<BenchLibrary> {
  const stories = (await (await fetch(`${product.baseUrl}/api/stories`)).json()) as {
    id: string;
    isPremium: boolean;
    creator: { handle: string | null };
  }[];
  const free = stories.find((story) => !story.isPremium && story.creator.handle !== null);
  if (!free?.creator.handle) throw new Error('the demo library has no free story by a creator with a page');
  const reader = await logIn(product.baseUrl, product.demoReader.email, product.demoReader.password);
  const creator = await logIn(product.baseUrl, product.demoCreator.email, product.demoCreator.password);
  return {
    freeStoryId: free.id,
    creatorHandle: free.creator.handle,
    reader: { email: reader.email, token: reader.token },
    creator: { email: creator.email, token: creator.token },
  };
}
