import { UnlockReturner, type WithdrawnUnlock } from '@nocturne/command-api';
import type { CommandPorts } from '../system/deps';
import type { DemoStory } from './library';

/**
 * A premium story beside the library: its creator publishes it during the year, the demo reader
 * unlocks it, and the creator unpublishes it on the demo's last day, so the reader's unlock is
 * given back (My premium and the auditor's timeline show the return). Its pictures are the last
 * library story's, drawn once.
 */
export const WITHDRAWN_STORY: DemoStory = {
  look: { palette: ['#020812', '#0b1f33', '#3ce0a8', '#b48cff'], motif: 'aurora' },
  tags: ['seaside', 'strangers'],
  warnings: [],
  rating: 'mature',
  isPremium: true,
  texts: [
    'The lighthouse keeper had not expected a guest, least of all one who arrived by rowing boat at midnight.',
    'She asked to see the lamp. He showed her the stairs, all one hundred and twelve of them, and counted aloud.',
    'At the top the beam swept the sea and came back to them, again and again, as if it could not decide.',
  ],
};

/** Its creator: the second demo creator, so the followed creator's studio and page stay as they are. */
export const WITHDRAWN_STORY_CREATOR = 1;

/**
 * One pass of the unlock returner, through its own code (a ReturnPremiumUnlock per unlock, by
 * handleCommand), over the one unlock the demo withdrew: the running returner would give it back
 * only at its next look, after the projector marks it withdrawn. The story's stream already says
 * it was withdrawn, and the returner decides from that. If the running returner gave it back
 * first, this pass decides nothing. A failure stops the seeding with the returner's reason.
 */
export async function giveTheUnlockBack(
  ports: Pick<CommandPorts, 'store' | 'notifier'>,
  clock: () => Date,
  unlock: WithdrawnUnlock,
): Promise<void> {
  const returner = new UnlockReturner({
    store: ports.store,
    withdrawnUnlocks: async () => [unlock],
    notifier: ports.notifier,
    clock,
    pollMs: 0,
    log: (line) => {
      throw new Error(line);
    },
  });
  await returner.returnWithdrawn();
}
