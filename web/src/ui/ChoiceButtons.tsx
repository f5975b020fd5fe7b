import type { ReactNode } from 'react';
import './ChoiceButtons.css';

export interface ChoiceButtonsProps<Choice extends string | number> {
  /** The group's name for screen readers (visually hidden). */
  legend: string;
  choices: readonly Choice[];
  current: Choice;
  label(choice: Choice): ReactNode;
  onChoose(choice: Choice): void;
  className?: string;
}

/** One choice among a few, as pill buttons (the chosen one pressed and filled). */
export function ChoiceButtons<Choice extends string | number>({
  legend,
  choices,
  current,
  label,
  onChoose,
  className,
}: ChoiceButtonsProps<Choice>) {
  return (
    <fieldset className={className}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          className={`choice-button${choice === current ? ' is-current' : ''}`}
          aria-pressed={choice === current}
          onClick={() => onChoose(choice)}
        >
          {label(choice)}
        </button>
      ))}
    </fieldset>
  );
}
