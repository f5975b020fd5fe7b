import { DEFAULT_STORY_RATING } from './label-vocabulary';

/**
 * Upcasters turn the data of an older schema version into the next one. An event stored as
 * version n is passed through upcasters[type][n], [n+1], ... until it reaches the current
 * version (codec.ts does this); the result is then validated against the current schema.
 *
 * To evolve an event: bump its schemaVersion in the catalogue and add
 * `{ [Type]: { 1: (v1) => v2 } }` here, with a test (catalogue/upcasters.test.ts).
 */
type Upcaster = (data: unknown) => unknown;

const withDefaultRating: Upcaster = (data) => ({ ...(data as object), rating: DEFAULT_STORY_RATING });

const withLegacyText: Upcaster = (data) => {
  const { text, ...rest } = data as { text: string };
  return { ...rest, text: null, legacyText: text };
};

export const upcasters: Readonly<Record<string, Readonly<Record<number, Upcaster>>>> = {
  // v1 stories were published before labels existed: no tags, no warnings.
  StoryPublished: {
    1: (data) => ({ ...(data as object), tags: [], warnings: [] }),
    // v2 stories were published before ratings existed: Mature, what the product always showed.
    2: withDefaultRating,
  },
  StoryDraftSaved: { 1: withDefaultRating },
  StoryRevised: { 1: withDefaultRating },
  PaymentConfirmationSubmitted: {
    // v1 kept the transaction id in plain text; v2 encrypts it. An upcaster cannot encrypt (no
    // vault, and the log is append-only), so the old text moves to the field that says so.
    1: (data) => {
      const { transactionId, ...rest } = data as { transactionId: string | null };
      return { ...rest, transactionId: null, legacyTransactionId: transactionId };
    },
    // v2 kept the payment method (free text) in plain text; v3 seals it like the transaction id.
    2: (data) => {
      const { paymentMethod, ...rest } = data as { paymentMethod: string };
      return { ...rest, paymentMethod: null, legacyPaymentMethod: paymentMethod };
    },
  },
  // v1 copied each creator's pen name in plain text into the reader's digest; v2 seals it under
  // the creator's key. The old text moves to the field that says so.
  DigestSent: {
    1: (data) => {
      const { stories, ...rest } = data as { stories: { penName: string }[] };
      return {
        ...rest,
        stories: stories.map(({ penName, ...story }) => ({
          ...story,
          penName: null,
          legacyPenName: penName,
        })),
      };
    },
  },
  // v1 held the pen name and handle in plain text; v2 seals them under the account's key. The
  // old text moves to the fields that say so.
  PenNameChosen: {
    1: (data) => {
      const { penName, handle, ...rest } = data as { penName: string; handle: string };
      return { ...rest, penName: null, handle: null, legacyPenName: penName, legacyHandle: handle };
    },
  },
  // v1 repeated the name and handle beside the holder; the stream's own name says which handle
  // it is, so v2 keeps only the holder.
  PenNameClaimed: { 1: (data) => ({ userKey: (data as { userKey: string }).userKey }) },
  PenNameReleased: { 1: (data) => ({ userKey: (data as { userKey: string }).userKey }) },
  // v1 held what a reporter or an appealing creator wrote in plain text; v2 seals it under the
  // writer's key. The old text moves to the field that says so.
  StoryReported: { 1: withLegacyText },
  DecisionAppealed: { 1: withLegacyText },
};
