import type { Reactor } from '../runner/reactor';
import { accountMailReactor } from './account-mail';
import { digestMailReactor } from './digest-mail';
import { moderationMailReactor } from './moderation-mail';
import { receiptMailReactor } from './receipt-mail';
import { staffMailReactor } from './staff-mail';

/** Every reactor (side effects such as e-mail). A feature adds its reactor here, one line. */
export const reactors: readonly Reactor[] = [
  accountMailReactor,
  staffMailReactor,
  moderationMailReactor,
  digestMailReactor,
  receiptMailReactor,
];
