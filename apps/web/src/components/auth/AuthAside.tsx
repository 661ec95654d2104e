import type { ReactNode } from 'react';
import './auth.css';

interface AuthAsideProps {
  eyebrow: string;
  title: string;
  intro: ReactNode;
}

const PERKS = [
  { icon: 'cup', text: 'Log every coffee, tea and boba you try, with photos and a rating.' },
  { icon: 'pin', text: 'Find the places people near you actually love, right on the map.' },
  { icon: 'heart', text: 'Follow friends and favourite spots and see what they are sipping.' },
] as const;

function PerkIcon({ name }: { name: (typeof PERKS)[number]['icon'] }) {
  const paths = {
    cup: 'M5 8h11v5a5.5 5.5 0 0 1-11 0zM16 10h1.5a2.5 2.5 0 0 1 0 5H16M8 2.5c-.8 1.2.8 2 0 3.2M11.5 2.5c-.8 1.2.8 2 0 3.2',
    pin: 'M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
    heart: 'M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z',
  };
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The warm welcome panel beside the /login and /join forms; on phones only its first lines show. */
export function AuthAside({ eyebrow, title, intro }: AuthAsideProps) {
  return (
    <aside className="auth-aside">
      <p className="auth-aside__eyebrow">{eyebrow}</p>
      <p className="auth-aside__title">{title}</p>
      <p className="auth-aside__intro">{intro}</p>
      <ul className="auth-aside__perks">
        {PERKS.map((perk) => (
          <li key={perk.icon}>
            <span className="auth-aside__icon">
              <PerkIcon name={perk.icon} />
            </span>
            {perk.text}
          </li>
        ))}
      </ul>
    </aside>
  );
}
