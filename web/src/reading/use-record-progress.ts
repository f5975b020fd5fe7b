import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { newActionKey } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { confirmed, sendOrQueue } from '../offline/action-queue';
import { useOfflineAccount } from '../offline/use-kept';
import { rememberLocalSlide } from './local-progress';
import { ProgressRecorder } from './progress-recorder';
import { markFinished, recordProgress } from './reading-api';
import { placeWritten, readingKeys } from './reading-queries';
import { forgetSentSlide, rememberSentSlide } from './unconfirmed-progress';

/**
 * Keeps where the reader is: a logged-in reader's slide goes to the server (debounced, and once
 * more on leaving the page, which `keepalive` lets finish), and stays in this tab until the server
 * confirms it (./unconfirmed-progress); a visitor's stays in this browser.
 * Reaching The End marks the story read (a visitor's place is forgotten: next time from the start).
 */
export function useRecordProgress(storyId: string, slide: number, atEnd: boolean, startSlide: number) {
  const { token } = useAuth();
  // A signed-in reader's writes made offline are queued and sent on reconnect (../offline/action-queue.ts).
  const account = useOfflineAccount();
  const queryClient = useQueryClient();
  // One recorder while the story is open: a new one would not know what the last one sent, nor
  // the slide on screen. So neither the account (learnt a moment after opening) nor the place the
  // server reports later (the reader has moved on since) makes a new one.
  const [resumedAt] = useState(startSlide);
  const sending = useRef({ account, queryClient });
  useEffect(() => {
    sending.current = { account, queryClient };
  }, [account, queryClient]);
  const recorder = useRef<ProgressRecorder | null>(null);

  useEffect(() => {
    if (!token) return;
    // This page's places in the order sent: the one sent as the page goes away cannot wait for
    // the answer to the one before, and the server keeps the later whichever arrives first.
    const writer = newActionKey();
    let write = 0;
    const current = new ProgressRecorder(async (next, keepalive) => {
      const { account, queryClient } = sending.current;
      rememberSentSlide(storyId, next);
      const place = { slide: next, order: { writer, write: ++write } };
      const path = `/api/stories/${encodeURIComponent(storyId)}/progress`;
      const landed = account
        ? await sendOrQueue(account, 'PUT', path, place, keepalive).then(confirmed)
        : await recordProgress(storyId, place, keepalive).then(() => true);
      if (!landed) return; // queued: the place stays unconfirmed until it lands
      forgetSentSlide(storyId, next);
      void queryClient.invalidateQueries(placeWritten(storyId));
    }, resumedAt);
    recorder.current = current;
    const onLeave = () => current.leave();
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      current.flush();
      recorder.current = null;
    };
  }, [token, storyId, resumedAt]);

  useEffect(() => {
    if (token) recorder.current?.seen(slide);
    else rememberLocalSlide(storyId, slide);
  }, [token, storyId, slide]);

  const finished = useRef(false);
  useEffect(() => {
    if (!atEnd || finished.current) return;
    finished.current = true;
    if (!token) {
      rememberLocalSlide(storyId, 0);
      return;
    }
    (account
      ? sendOrQueue(account, 'PUT', `/api/stories/${encodeURIComponent(storyId)}/finished`).then(confirmed)
      : markFinished(storyId).then(() => true)
    )
      .then((landed) => {
        if (!landed) return; // queued: it lands on reconnect
        forgetSentSlide(storyId);
        return queryClient.invalidateQueries({ queryKey: readingKeys.all() });
      })
      .catch(() => {
        finished.current = false;
      });
  }, [atEnd, token, account, storyId, queryClient]);
}
