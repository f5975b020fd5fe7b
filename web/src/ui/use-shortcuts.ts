import { useEffect, useRef } from 'react';

/** Whether a key press goes to something the person is typing in, where a letter is a letter. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // A checkbox, radio or button takes no text.
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  return false;
}

/** Whether a modal dialog covers the page (false where the browser has no `:modal`, as jsdom). */
function modalOpen(): boolean {
  try {
    return document.querySelector('dialog:modal') !== null;
  } catch {
    return false;
  }
}

/**
 * Single-key shortcuts on the whole page (`{ j: next, k: previous }`, lower-case keys): never
 * while typing in a field, with a modifier held, or while a modal dialog is open over the page.
 */
export function useShortcuts(shortcuts: Readonly<Record<string, () => void>>, enabled = true): void {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (modalOpen()) return;
      const run = current.current[event.key.toLowerCase()];
      if (!run) return;
      event.preventDefault();
      run();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
