import { useEffect, useState } from 'react';
import './ScrollHint.css';

export const SCROLL_HINT_KEY = 'seen_scroll_hint';
const HINT_MS = 4000;

/**
 * The one-time scroll hint: shown once per browser session, hidden after
 * 4 s or at the first scroll.
 */
export function ScrollHint() {
  const [visible, setVisible] = useState(() => sessionStorage.getItem(SCROLL_HINT_KEY) === null);

  useEffect(() => {
    if (!visible) return;
    sessionStorage.setItem(SCROLL_HINT_KEY, 'true');
    const hide = () => setVisible(false);
    const timer = window.setTimeout(hide, HINT_MS);
    window.addEventListener('scroll', hide, { once: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', hide);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <div className="reader__hint" role="note">
      <span className="reader__hint-arrow" aria-hidden="true">
        ↓
      </span>
      Scroll to continue the story
    </div>
  );
}
