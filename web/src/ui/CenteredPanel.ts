import './CenteredPanel.css';

/** The class names of the narrow centred card of a single-purpose page (sign in, a status). */
export function centeredPanelClass(className?: string): string {
  return className ? `centered-panel ${className}` : 'centered-panel';
}
