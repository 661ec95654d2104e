import { Link } from 'react-router';
import './footer.css';

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer" className="site-footer__links">
        <Link to="/contact">Contact</Link>
        <Link to="/terms-of-service">Terms</Link>
        <Link to="/privacy-policy">Privacy</Link>
      </nav>
      <p className="site-footer__note">© {new Date().getFullYear()} Siplog · coffee, tea and boba, reviewed by people who drink them</p>
    </footer>
  );
}
