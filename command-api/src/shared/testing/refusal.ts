import { HttpError } from '@nocturne/events/http';

export interface Refusal {
  status: number;
  detail: string;
}

/** The HttpError a decision refused with; fails the test when it decided instead, or threw anything else. */
export function refusalOf(decision: () => unknown): Refusal {
  try {
    decision();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, detail: error.detail };
    throw error;
  }
  throw new Error('expected a refusal, but the command was accepted');
}

/** The same for an async step (image processing): the HttpError its promise rejected with. */
export async function asyncRefusalOf(pending: Promise<unknown>): Promise<Refusal> {
  try {
    await pending;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, detail: error.detail };
    throw error;
  }
  throw new Error('expected a refusal, but the step succeeded');
}
