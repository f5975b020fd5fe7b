import { Link } from 'react-router-dom';
import { Badge } from '../ui/Badge';
import { quietLinkClass } from '../ui/QuietLink';
import { MoonMark } from './Brand';
import type { InfoDialogName } from './info-dialog-name';
import './SiteFooter.css';

interface Props {
  onOpenDialog(name: InfoDialogName): void;
}

/** The footer of the landing and the profile: How, About Us, Contact open the real dialogs. */
export function SiteFooter({ onOpenDialog }: Props) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">
            <MoonMark size={22} />
            Nocturne
          </p>
          <p className="site-footer__tagline">
            Illustrated stories for adults, imagined by writers and painted by AI. No performers, no ads.
          </p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          <button
            type="button"
            className={quietLinkClass('site-footer__link')}
            onClick={() => onOpenDialog('how')}
          >
            How It Works
          </button>
          <button
            type="button"
            className={quietLinkClass('site-footer__link')}
            onClick={() => onOpenDialog('about')}
          >
            About Us
          </button>
          <button
            type="button"
            className={quietLinkClass('site-footer__link')}
            onClick={() => onOpenDialog('contact')}
          >
            Contact
          </button>
          <Link to="/policy" className={quietLinkClass('site-footer__link')}>
            Content Policy
          </Link>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>
          <Badge>18+</Badge> For adults only. Every character is fictional and of legal age.
        </p>
        <p>© {new Date().getFullYear()} Nocturne. All rights reserved.</p>
      </div>
    </footer>
  );
}
