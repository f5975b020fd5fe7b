import { z } from 'zod';
import { defineEvent } from './define';
import { Encrypted } from './fields';

export const WaitlistJoined = defineEvent(
  'WaitlistJoined',
  1,
  z.object({ email: Encrypted, feedback: z.string().max(2000) }),
);

export const waitlistEvents = [WaitlistJoined] as const;
