import type { RefObject } from 'react';
import { Dialog } from '../ui/Dialog';
import './HowItWorksDialog.css';

interface Props {
  open: boolean;
  onClose(): void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

const BLOCKS = [
  {
    title: 'Multiple AI Models',
    text: 'Every story is illustrated by several AI models working together, each chosen for what it does best: faces and expression, light and shadow, texture and atmosphere. The result is artwork that keeps one consistent look from the first slide to the last.',
  },
  {
    title: 'Original Training Data',
    text: 'Our models are trained on original material from our own team of writers and artists, created for Nocturne. No scraped work, and no footage of real performers: nobody had to be on camera for these stories to exist.',
  },
  {
    title: 'Sensational Stories',
    text: 'Each story unfolds slide by slide, an illustration with a passage of text. Scroll at your own pace, let the scene build, and like the ones that stay with you. New stories arrive every week.',
  },
];

/** The "How" dialog: three blocks. */
export function HowItWorksDialog({ open, onClose, returnFocusRef }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title="How It Works" size="wide" returnFocusRef={returnFocusRef}>
      <ol className="info-blocks">
        {BLOCKS.map((block, index) => (
          <li key={block.title} className="info-block">
            <span className="info-block__number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className="info-block__title">{block.title}</h3>
              <p>{block.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
