import { useRef, useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { ReportStory } from '../reports/ReportStory';
import './StoryReader.css';
import './ReaderReportButton.css';

const FlagIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    aria-hidden="true"
    focusable="false"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M5 21V4h11l-1.5 4L16 12H5" />
  </svg>
);

/** The reader's "Report this story", in its top bar. */
export function ReaderReportButton({ storyId }: { storyId: string }) {
  const { token } = useAuth();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="reader__pill reader__report"
        aria-label="Report this story"
        title="Report this story"
        onClick={() => setOpen(true)}
      >
        <FlagIcon />
      </button>
      <ReportStory
        storyId={storyId}
        open={open}
        onClose={() => setOpen(false)}
        loggedIn={token !== null}
        returnFocusRef={buttonRef}
      />
    </>
  );
}
