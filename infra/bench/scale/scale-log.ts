import { createHash, randomBytes } from 'node:crypto';
import { type CommandContext, type DomainEvent, encodeEvent, streams, userKeyOf } from '@nocturne/events';
import { CONTENT_WARNINGS } from '@nocturne/events/labels';
import type { EventStore, NewEvent } from '@nocturne/events/store';
import { seededRandom } from '@nocturne/test-kit/seeded-random';
import type { AddressClaims, PiiVault } from '@nocturne/vault';
import pg from 'pg';
import { storyTexts } from '../story-texts';
import { ProgressBar } from './progress-bar';
import { HEAVY_EMAIL, readerEmail, type ScaleShape, storyIdOf, uuidOf } from './scale-shape';

/** What the measurements need to know of the library they run against. */
export interface ScaleLog {
  /** Events in the store. */
  events: number;
  seconds: number;
  /** A premium account with a live session: the premium member's list. */
  premiumMemberToken: string;
  /** Live sessions of MEMBER_SESSIONS ordinary accounts (searches are limited per account). */
  memberTokens: string[];
  /** The account with `heavyAccountEvents` events, and a live session of its own. */
  heavyEmail: string;
  heavyToken: string;
  /** An ordinary account's address (the admin's lookup). */
  someEmail: string;
}

const context: CommandContext = { correlationId: 'scale', causationId: 'scale', actor: { kind: 'system' } };
const digest = (text: string) => createHash('sha256').update(text).digest('hex');
/** Accounts with a session the bench holds (a search bench spreads over them: 30 a minute each). */
const MEMBER_SESSIONS = 400;
/**
 * Appends in flight at once: enough for the store's group commits to fill (up to 256 appends a
 * group). Each group costs the database a fixed share (the lock, the WAL flush) whatever its
 * size, so a builder that kept fewer in flight made groups of a few appends and waited on those
 * fixed shares (docs/performance.md, "Growth").
 */
const IN_FLIGHT = 1024;
/** Sealings in flight at once: the vaults' pools (3 of 4 connections), which would time out a queue of IN_FLIGHT. */
const SEALING_IN_FLIGHT = 12;
const MONTH_MS = 30.44 * 24 * 3600 * 1000;

/**
 * The store stamps each event with the time it stores it; the library spreads over the last
 * `months` months instead. A trigger of this database only (the bench's own, dropped with it)
 * stamps each event by its position, which the generator lays out month by month, so the
 * registrations, grants and growth chart fall in their months. Dropped once the log is built:
 * what the product appends afterwards is stamped with the real time.
 */
async function stampByPosition(databaseUrl: string, shape: ScaleShape): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const start = Date.now() - shape.months * MONTH_MS;
  const perEventMs = (shape.months * MONTH_MS) / shape.events;
  await client.query(`create or replace function bench_recorded_at() returns trigger language plpgsql as $$
    begin
      new.recorded_at := to_timestamp((${start} + least(new.position, ${shape.events}) * ${perEventMs}) / 1000.0);
      return new;
    end $$`);
  await client.query(
    'create trigger bench_recorded_at before insert on es_events for each row execute function bench_recorded_at()',
  );
  await client.end();
  return async () => {
    const again = new pg.Client({ connectionString: databaseUrl });
    await again.connect();
    await again.query('drop trigger bench_recorded_at on es_events');
    await again.query('drop function bench_recorded_at()');
    await again.end();
  };
}

/** A session token of ours for `userKey` (the form locateUserToken reads) and its digest. */
function mintSession(userKey: string): { token: string; sessionDigest: string } {
  const token = `${userKey}.${randomBytes(32).toString('base64url')}`;
  return { token, sessionDigest: digest(token) };
}

type Append = () => Promise<number>;

/**
 * Builds the library through the store's own append path, month by month: each month publishes
 * its share of the stories (2 to 10 slides, 10% premium, tags and warnings), registers its share
 * of the accounts (70% verified, all logged in once; 5% pay and are granted premium, unlock
 * stories; those of the last month still wait for their grant), and fills the rest of its share
 * of events with views, likes and reading progress, mostly of recent stories. Personal fields go
 * through the vault as signup seals them (a month's accounts sealed first, SEALING_IN_FLIGHT at a
 * time). Appends run IN_FLIGHT at a time (the store batches them into group commits), with a
 * progress bar.
 */
export async function buildScaleLog(
  databaseUrl: string,
  store: EventStore,
  vaults: readonly (PiiVault & AddressClaims)[],
  shape: ScaleShape,
  secret: string,
): Promise<ScaleLog> {
  const unstamp = await stampByPosition(databaseUrl, shape);
  const rnd = seededRandom(30);
  const bar = new ProgressBar('appending', shape.events);
  let appended = 0;
  let vaultTurn = 0;
  const vault = () => vaults[vaultTurn++ % vaults.length]!;
  const encode = (event: DomainEvent): NewEvent => encodeEvent(event, context);
  const append = (stream: string, events: DomainEvent[], expected: 'any' | 'no_stream' = 'any'): Append => {
    return async () => {
      await store.append(stream, events.map(encode), expected);
      return events.length;
    };
  };

  /** Runs the appends `inFlight` at a time; a failed one fails the build. */
  async function run(appends: Append[], inFlight = IN_FLIGHT): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < appends.length) {
        const one = appends[next++]!;
        // Awaited first: `appended += await ...` would read `appended` before the wait and lose
        // what the other workers added meanwhile.
        const events = await one();
        appended += events;
        bar.update(appended);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
  }

  const images = Array.from({ length: 64 }, (_, n) => ({
    ref: `scale-${digest(`image-${n}`).slice(0, 24)}`,
    width: 900,
    height: 1200,
  }));
  const expires = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000).toISOString();
  const storiesPerMonth = Math.ceil(shape.stories / shape.months);
  const accountsPerMonth = Math.ceil(shape.accounts / shape.months);
  const eventsPerMonth = shape.events / shape.months;
  const premiumStories: string[] = [];
  let published = 0;
  let registered = 0;
  let premiumMemberToken = '';
  const memberTokens: string[] = [];
  const heavy = {
    key: userKeyOf(HEAVY_EMAIL, secret),
    accountId: uuidOf('heavy'),
    ...mintSession(userKeyOf(HEAVY_EMAIL, secret)),
  };
  const heavyPerMonth = Math.floor((shape.heavyAccountEvents - 2) / shape.months / 2) * 2;

  const publish = (n: number): Append => {
    const storyId = storyIdOf(n);
    const { texts, tags } = storyTexts(n + 1);
    const slideCount = 2 + Math.floor(rnd() * 9);
    const isPremium = n % 10 === 0;
    if (isPremium) premiumStories.push(storyId);
    const warnings = rnd() < 0.25 ? [CONTENT_WARNINGS[Math.floor(rnd() * CONTENT_WARNINGS.length)]!.id] : [];
    return append(
      streams.story(storyId),
      [
        {
          type: 'StoryPublished',
          data: {
            storyId,
            slides: Array.from({ length: slideCount }, (_, k) => ({
              image: images[(n + k) % images.length]!,
              text: texts[k % texts.length]!,
            })),
            preview: images[n % images.length]!,
            isPremium,
            tags,
            warnings,
            rating: 'mature',
          },
        },
      ],
      'no_stream',
    );
  };

  /** The n-th account's address and password hash, sealed by the vault as signup seals them. */
  const sealedFields = new Map<
    number,
    { sealedEmail: string; passwordHash: string; paymentMethod: string }
  >();
  const seal =
    (n: number): Append =>
    async () => {
      const keeper = vault();
      const accountId = uuidOf(`account-${n}`);
      // Claimed as signup claims it: the product finds the account from its address.
      await keeper.claimAddress(keeper.addressDigest(readerEmail(n)), {
        userKey: userKeyOf(readerEmail(n), secret),
        accountId,
      });
      const [sealedEmail, passwordHash, paymentMethod] = await Promise.all([
        keeper.encrypt(accountId, readerEmail(n)),
        keeper.encrypt(accountId, '$argon2id$v=19$m=19456,t=2,p=1$bench$not-a-real-hash'),
        keeper.encrypt(accountId, 'PayPal'),
      ]);
      sealedFields.set(n, { sealedEmail, passwordHash, paymentMethod });
      return 0;
    };

  const register =
    (n: number, lastMonth: boolean): Append =>
    async () => {
      const email = readerEmail(n);
      const userKey = userKeyOf(email, secret);
      const accountId = uuidOf(`account-${n}`);
      const { sealedEmail, passwordHash, paymentMethod } = sealedFields.get(n)!;
      sealedFields.delete(n);
      const events: DomainEvent[] = [
        {
          type: 'UserRegistered',
          data: {
            accountId,
            email: sealedEmail,
            passwordHash,
            ageConfirmedAt: new Date().toISOString(),
            verification: { tokenDigest: digest(`verify-${n}`), expiresAt: expires },
          },
        },
      ];
      const verified = n % 10 < 7;
      if (verified) events.push({ type: 'EmailVerified', data: { tokenDigest: digest(`verify-${n}`) } });
      let session = mintSession(userKey);
      events.push({
        type: 'UserLoggedIn',
        data: { sessionDigest: session.sessionDigest, expiresAt: expires },
      });
      if (n < MEMBER_SESSIONS) memberTokens.push(session.token);
      if (verified && n % 20 === 3 && premiumStories.length > 0) {
        events.push({
          type: 'PaymentConfirmationSubmitted',
          data: { email: sealedEmail, amount: 15, transactionId: null, paymentMethod },
        });
        if (!lastMonth) {
          events.push({ type: 'PremiumGranted', data: { stories: 30 } });
          const unlocked = new Set<string>();
          const unlocks = 1 + (n % 5);
          for (let u = 0; u < unlocks; u++)
            unlocked.add(premiumStories[(n * 7 + u * 13) % premiumStories.length]!);
          for (const storyId of unlocked) events.push({ type: 'PremiumStoryUnlocked', data: { storyId } });
          if (!premiumMemberToken) {
            session = mintSession(userKey);
            premiumMemberToken = session.token;
            events.push({
              type: 'UserLoggedIn',
              data: { sessionDigest: session.sessionDigest, expiresAt: expires },
            });
          }
        }
      }
      await store.append(streams.user(userKey), events.map(encode), 'no_stream');
      return events.length;
    };

  /** The heavy account: registered in the first month, then a run of logins and logouts every month. */
  const heavyRegistration: Append = async () => {
    const keeper = vault();
    await keeper.claimAddress(keeper.addressDigest(HEAVY_EMAIL), {
      userKey: heavy.key,
      accountId: heavy.accountId,
    });
    const [sealedEmail, passwordHash] = await Promise.all([
      keeper.encrypt(heavy.accountId, HEAVY_EMAIL),
      keeper.encrypt(heavy.accountId, '$argon2id$v=19$m=19456,t=2,p=1$bench$not-a-real-hash'),
    ]);
    const events: DomainEvent[] = [
      {
        type: 'UserRegistered',
        data: {
          accountId: heavy.accountId,
          email: sealedEmail,
          passwordHash,
          ageConfirmedAt: new Date().toISOString(),
          verification: { tokenDigest: digest('verify-heavy'), expiresAt: expires },
        },
      },
      { type: 'EmailVerified', data: { tokenDigest: digest('verify-heavy') } },
    ];
    await store.append(streams.user(heavy.key), events.map(encode), 'no_stream');
    return events.length;
  };
  const heavyMonth = (month: number): Append[] => {
    const events: DomainEvent[] = [];
    for (let k = 0; k < heavyPerMonth; k += 2) {
      const sessionDigest = digest(`heavy-${month}-${k}`);
      events.push({ type: 'UserLoggedIn', data: { sessionDigest, expiresAt: expires } });
      events.push({ type: 'UserLoggedOut', data: { sessionDigest } });
    }
    if (month === shape.months - 1) {
      events.push({ type: 'PremiumGranted', data: { stories: 30 } });
      for (const storyId of premiumStories.slice(0, 10))
        events.push({ type: 'PremiumStoryUnlocked', data: { storyId } });
      events.push({ type: 'UserLoggedIn', data: { sessionDigest: heavy.sessionDigest, expiresAt: expires } });
    }
    // In appends of at most 100 events one after the other, as sessions come one by one.
    return [
      async () => {
        for (let k = 0; k < events.length; k += 100)
          await append(streams.user(heavy.key), events.slice(k, k + 100))();
        return events.length;
      },
    ];
  };

  /** Views, likes and reading progress of the stories published so far, mostly recent ones. */
  const activity = (budget: number): Append[] => {
    const appends: Append[] = [];
    const recentStory = () => storyIdOf(Math.floor(published * (1 - rnd() ** 3)) % Math.max(published, 1));
    while (budget > 0 && published > 0) {
      const roll = rnd();
      const storyId = recentStory();
      if (roll < 0.45) {
        const size = Math.min(budget, 1 + Math.floor(rnd() * 20));
        appends.push(
          append(
            streams.storyViews(storyId),
            Array.from({ length: size }, () => ({ type: 'StoryViewed', data: { storyId } }) as DomainEvent),
          ),
        );
        budget -= size;
      } else if (roll < 0.65) {
        const size = Math.min(budget, 1 + Math.floor(rnd() * 10));
        appends.push(
          append(
            streams.storyLikes(storyId),
            Array.from({ length: size }, () => ({ type: 'StoryLiked', data: { storyId } }) as DomainEvent),
          ),
        );
        budget -= size;
      } else if (registered > 0) {
        const reader = uuidOf(`account-${Math.floor(rnd() * registered)}`);
        const size = Math.min(budget, 1 + Math.floor(rnd() * 5));
        appends.push(
          append(
            streams.reading(reader, storyId),
            Array.from(
              { length: size },
              (_, k) =>
                ({
                  type: 'ReadingProgressRecorded',
                  data: { storyId, slide: Math.min(9, k + 1) },
                }) as DomainEvent,
            ),
          ),
        );
        budget -= size;
      }
    }
    return appends;
  };

  try {
    await run([heavyRegistration]);
    for (let month = 0; month < shape.months; month++) {
      const monthStart = appended;
      const lastMonth = month === shape.months - 1;
      const publishing: Append[] = [];
      for (let k = 0; k < storiesPerMonth && published < shape.stories; k++)
        publishing.push(publish(published++));
      await run(publishing);
      const sealing: Append[] = [];
      const registering: Append[] = [];
      for (let k = 0; k < accountsPerMonth && registered < shape.accounts; k++) {
        sealing.push(seal(registered));
        registering.push(register(registered++, lastMonth));
      }
      await run(sealing, SEALING_IN_FLIGHT);
      await run([...registering, ...heavyMonth(month)]);
      // What the registrations appended is known now; activity fills the month's share.
      const target = Math.round(eventsPerMonth * (month + 1));
      const budget = Math.max(0, Math.min(target, shape.events) - appended);
      if (budget > 0 || appended === monthStart) await run(activity(budget));
    }
  } finally {
    await unstamp();
  }
  const { seconds } = bar.finish();
  return {
    events: appended,
    seconds,
    premiumMemberToken,
    memberTokens,
    heavyEmail: HEAVY_EMAIL,
    heavyToken: heavy.token,
    someEmail: readerEmail(Math.floor(shape.accounts / 2)),
  };
}
