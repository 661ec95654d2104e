import { Link } from 'react-router';
import { useSupportEmail } from './useSupportEmail';

/** The support address as a mailto link, or a pointer to the Contact page while it loads. */
export function SupportEmailLink() {
  const email = useSupportEmail();
  if (email) return <a href={`mailto:${email}`}>{email}</a>;
  return (
    <>
      our support address (see the <Link to="/contact">Contact page</Link>)
    </>
  );
}
