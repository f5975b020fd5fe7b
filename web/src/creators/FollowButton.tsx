import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { Button, buttonClass } from '../ui/Button';
import { creatorQuery } from './creator-queries';
import { useFollow } from './use-follow';

/** A visitor's Follow: a link to sign up (also drawn by the page's early first screen). */
export function VisitorFollowLink({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Link className={buttonClass('primary', size)} to="/auth/signup">
      Follow
    </Link>
  );
}

/**
 * Follow / Following for one creator. A visitor is sent to sign up; the creator sees no button
 * on their own page.
 */
export function FollowButton({ handle, size = 'md' }: { handle: string; size?: 'md' | 'lg' }) {
  const { token } = useAuth();
  const creator = useQuery(creatorQuery(handle, token));
  const follow = useFollow(handle);
  if (!token) return <VisitorFollowLink size={size} />;
  if (!creator.data || creator.data.isMe) return null;
  const following = follow.data?.following ?? creator.data.following;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size={size}
      aria-pressed={following}
      disabled={follow.isPending}
      onClick={() => follow.mutate(!following)}
    >
      {following ? 'Following' : 'Follow'}
      <span className="visually-hidden"> {creator.data.penName}</span>
    </Button>
  );
}
