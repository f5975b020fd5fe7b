import { logIn } from '@nocturne/test-kit/api-client';
import type { RunningProduct } from './product';

export interface BenchLibrary {
  freeStoryId: string;
  reader: { email: string; token: string };
}

/**
 * What the benchmark reads in the demo library that the product's first start made
 * (infra/src/demo): a free story for the reader page and the demo reader's session for the
 * profile page.
 */
export async function demoLibrary(product: RunningProduct): Promise<BenchLibrary> {
  const stories = (await (await fetch(`${product.baseUrl}/api/stories`)).json()) as {
    id: string;
    isPremium: boolean;
  }[];
  const free = stories.find((story) => !story.isPremium);
  if (!free) throw new Error('the demo library has no free story');
  const reader = await logIn(product.baseUrl, product.demoReader.email, product.demoReader.password);
  return { freeStoryId: free.id, reader: { email: reader.email, token: reader.token } };
}
