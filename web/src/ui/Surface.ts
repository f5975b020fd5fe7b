import './Surface.css';

/** The class names of a card (`<section className={surfaceClass('admin-tags')}>`), any element. */
export function surfaceClass(className?: string): string {
  return className ? `surface ${className}` : 'surface';
}
