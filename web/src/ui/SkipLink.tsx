import './SkipLink.css';

/** The first Tab stop of a page with a header: jumps to its `<main id="main">`. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}
