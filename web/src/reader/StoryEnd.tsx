import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../api/client';
import { Button, buttonClass } from '../ui/Button';
import { HeartIcon } from '../ui/icons';

export interface StoryEndProps {
  storyId: string;
  likes: number;
  backTo: string;
}

/**
 * "The End" (spec.md sections 2 and 4): a like button, disabled once the reader has liked the
 * story during this visit, showing the count the server answered; and Read More Stories.
 */
export function StoryEnd({ storyId, likes: initialLikes, backTo }: StoryEndProps) {
  const queryClient = useQueryClient();
  const [likes, setLikes] = useState(initialLikes);
  const [liked, setLiked] = useState(false);
  const [pending, setPending] = useState(false);

  async function like() {
    setPending(true);
    try {
      const answer = await api<{ likes: number }>(`/api/stories/${encodeURIComponent(storyId)}/like`, {
        method: 'POST',
      });
      setLikes(answer.likes);
      setLiked(true);
      void queryClient.invalidateQueries({ queryKey: ['stories'] });
    } catch (error) {
      console.error('Like failed', error);
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="reader__end" aria-labelledby="reader-end-title">
      <h2 id="reader-end-title" className="reader__end-title">
        The End
      </h2>
      <Button
        variant={liked ? 'secondary' : 'primary'}
        size="lg"
        className="reader__like"
        onClick={like}
        disabled={liked || pending}
        aria-pressed={liked}
      >
        <HeartIcon />
        {liked ? 'Liked' : 'Like'}
        <span className="reader__like-count">
          {likes}
          <span className="visually-hidden"> likes</span>
        </span>
      </Button>
      <Link className={buttonClass('secondary', 'lg')} to={backTo}>
        Read More Stories
      </Link>
    </section>
  );
}
