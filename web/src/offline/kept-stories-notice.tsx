import { createRoot } from 'react-dom/client';
import { storedToken } from '../api/client';
import { KeptStoriesNotice } from './KeptStoriesNotice';

/**
 * Whether this device keeps stories and a reader has a session here. Signing out empties every
 * kept cache (./forget-offline-reading.ts), so what is kept is the session's reader's (unless the
 * server ended an earlier session without a sign-out here: the profile then shows what this
 * reader keeps, maybe nothing). Read from the cache names and keys alone: importing
 * ./kept-stories.ts would add its chunk to what the start page's script names and preloads.
 * offline.html makes the same check (web/public/offline.js).
 */
export async function keepsStoriesForSession(storage = globalThis.caches): Promise<boolean> {
  if (!storedToken() || !storage) return false;
  for (const name of await storage.keys()) {
    if (!name.startsWith('nocturne-kept-')) continue;
    const keys = await (await storage.open(name)).keys();
    if (keys.some((request) => new URL(request.url, location.href).pathname.startsWith('/offline/stories/')))
      return true;
  }
  return false;
}

/**
 * Offers the kept stories on the start page opened offline, whose own stories cannot load: a
 * notice of its own root, gone once the connection is back. Loaded only when a page opens
 * offline (web/src/pwa/start-service-worker.ts), which importing this module answers; the
 * landing's first-load script has no room for it.
 */
export async function offerKeptStories(): Promise<void> {
  if (location.pathname !== '/' || !(await keepsStoriesForSession())) return;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
  };
  root.render(<KeptStoriesNotice onClose={close} />);
  addEventListener('online', close, { once: true });
}

void offerKeptStories();
