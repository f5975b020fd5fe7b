import { lazy, type RefObject, Suspense } from 'react';

// The dialog and its form load on the first click: the cards and the reader stay light.
const ReportDialog = lazy(() => import('./ReportDialog'));

export interface ReportStoryProps {
  storyId: string;
  open: boolean;
  onClose(): void;
  loggedIn: boolean;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** The report dialog, loaded when first opened. */
export function ReportStory({ open, ...props }: ReportStoryProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog open {...props} />
    </Suspense>
  );
}
