import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../ui/Alert';
import { buttonClass } from '../ui/Button';
import { centeredPanelClass } from '../ui/CenteredPanel';
import { ArrowLeftIcon } from '../ui/page-icons';
import './StoryReader.css';

export interface StoryMessageProps {
  message: ReactNode;
  backTo: string;
  tone?: 'error' | 'info';
}

/** One of the reader's non-reading screens: a message and a Back to Stories button. */
export function StoryMessage({ message, backTo, tone = 'error' }: StoryMessageProps) {
  return (
    <div className="page">
      <main className={centeredPanelClass('reader-message')}>
        <Alert tone={tone}>{message}</Alert>
        <Link className={buttonClass('secondary', 'md', { block: true })} to={backTo}>
          <ArrowLeftIcon />
          Back to Stories
        </Link>
      </main>
    </div>
  );
}
