import { type ContentWarningId, warningLabels } from '@nocturne/domain';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../ui/Button';
import { centeredPanelClass } from '../ui/CenteredPanel';
import { AlertIcon } from '../ui/icons';
import { ArrowLeftIcon } from '../ui/page-icons';
import './StoryReader.css';
import './WarningScreen.css';

export interface WarningScreenProps {
  warnings: readonly ContentWarningId[];
  backTo: string;
  onContinue(): void;
}

/** Before the first slide of a story with content warnings: what it contains, Continue or Back. */
export function WarningScreen({ warnings, backTo, onContinue }: WarningScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="page">
      <main className={centeredPanelClass('reader-message reader-warning')}>
        <h1 className="reader-warning__title" ref={heading} tabIndex={-1}>
          <AlertIcon aria-hidden="true" />
          Content warning
        </h1>
        <p>This story contains:</p>
        <ul className="reader-warning__list">
          {warningLabels(warnings).map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
        <div className="reader-warning__actions">
          <Link className={buttonClass('secondary', 'md')} to={backTo}>
            <ArrowLeftIcon />
            Back
          </Link>
          <Button variant="primary" onClick={onContinue}>
            Continue
          </Button>
        </div>
      </main>
    </div>
  );
}
