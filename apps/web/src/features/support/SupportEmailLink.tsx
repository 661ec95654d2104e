import { useSupportEmail } from './useSupportEmail';

/**
 * The support address as a mailto link. Until it has loaded (or when it cannot load) the words
 * 'our support address' stand in, with no link: pointing to the Contact page would link it to itself.
 */
export function SupportEmailLink() {
  const email = useSupportEmail();
  if (email) return <a href={`mailto:${email}`}>{email}</a>;
  return <>our support address</>;
}
