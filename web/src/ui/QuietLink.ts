import './QuietLink.css';

/** The class names of a quiet text link or button in a pill: `<Link className={quietLinkClass('x')}>`. */
export function quietLinkClass(className?: string): string {
  return className ? `quiet-link ${className}` : 'quiet-link';
}
