import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { buttonClass } from '../ui/Button';
import { BellIcon } from '../ui/page-icons';
import { surfaceClass } from '../ui/Surface';
import { notificationsQuery } from './creator-queries';
import { useMarkSeen } from './use-mark-seen';
import './NotificationBell.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The header's bell: the unread count of new stories by followed creators; opening it lists
 * them and marks them read.
 */
export function NotificationBell() {
  const { token } = useAuth();
  const notifications = useQuery(notificationsQuery(token));
  const markSeen = useMarkSeen();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const unread = notifications.data?.unread ?? 0;
  const newest = notifications.data?.newest ?? 0;

  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    }
    function onPointer(event: PointerEvent) {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && unread > 0) markSeen.mutate(newest);
  }

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <div className="bell__wrap" ref={wrap}>
      <button
        ref={button}
        type="button"
        className={buttonClass('ghost', 'md', { icon: true, className: 'bell' })}
        aria-label={label}
        title="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="bell__count" data-testid="bell-count" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id={panelId} className={surfaceClass('bell__panel')} aria-label="Notifications">
          <h2 className="bell__title">Notifications</h2>
          {notifications.data && notifications.data.items.length > 0 ? (
            <ul className="bell__list">
              {notifications.data.items.map((item) => (
                <li key={item.id} className={`bell__item${item.read ? '' : ' bell__item--unread'}`}>
                  <Link
                    to={`/story/${item.storyId}`}
                    state={{ from: 'profile' }}
                    onClick={() => setOpen(false)}
                  >
                    {item.creator.name} published a new story
                    <span className="bell__when text-muted">{when(item.at)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">Follow creators to hear when they publish.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
