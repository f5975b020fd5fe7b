import type { RefObject } from 'react';
import { Dialog } from '../ui/Dialog';
import './AboutDialog.css';

interface Props {
  open: boolean;
  onClose(): void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

const FACTS = [
  { figure: '88%', text: 'of scenes in the most-watched adult videos show physical or verbal aggression.' },
  { figure: '1 in 3', text: 'performers report being pressured into acts they had not agreed to.' },
  { figure: '70%', text: 'of viewers say they would choose content made without exploiting anyone.' },
  { figure: '$97B', text: 'a year flows through an industry built on the bodies of real people.' },
];

/** The "About Us" dialog: purpose, the reality, the AI solution, a call to join. */
export function AboutDialog({ open, onClose, returnFocusRef }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="About Our Mission"
      size="wide"
      returnFocusRef={returnFocusRef}
    >
      <section aria-labelledby="about-purpose" className="info-section">
        <h3 id="about-purpose">Why Nocturne exists</h3>
        <p>
          We believe adults deserve stories that thrill them without anyone being hurt to make them. Nocturne
          replaces human performers with AI-generated art, so desire, romance and fantasy can be explored with
          nobody exposed, pressured or exploited along the way.
        </p>
      </section>
      <section aria-labelledby="about-reality" className="info-section">
        <h3 id="about-reality">The reality we want to change</h3>
        <ul className="fact-grid">
          {FACTS.map((fact) => (
            <li key={fact.figure} className="fact">
              <strong className="fact__figure">{fact.figure}</strong>
              <span>{fact.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-solution" className="info-section">
        <h3 id="about-solution">An AI-powered answer</h3>
        <p>
          Our stories are written by people and illustrated by several AI models trained on original data from
          our own writers. Every character is imagined; no real person appears in any image. You get rich,
          consistent, beautifully lit artwork, and the people who make Nocturne are paid writers and artists,
          not performers.
        </p>
      </section>
      <section aria-labelledby="about-join" className="info-section">
        <h3 id="about-join">Join us</h3>
        <p>
          Every reader who chooses Nocturne helps prove that adult entertainment can be both captivating and
          ethical. Read for free, save your favourite stories, and help us write the next chapter.
        </p>
      </section>
    </Dialog>
  );
}
