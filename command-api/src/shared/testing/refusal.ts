import { HttpError } from '@nocturne/http-kit';

export interface Refusal {
  status: number;
  detail: string;
}

/** The HttpError an async step (image processing) rejected with; fails the test when it succeeded. */
export async function asyncRefusalOf(pending: Promise<unknown>): Promise<Refusal> {
  try {
    await pending;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, detail: error.detail };
    throw error;
  }
  throw new Error('expected a refusal, but the step succeeded');
}
