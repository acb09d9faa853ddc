import { Link } from 'react-router';
import { messages } from '../../../shared/messages';
import { Logo } from './Header';

const COLUMNS = [
  {
    title: 'Quick Links',
    links: [
      { to: '/directory', label: 'Browse Ads' },
      { to: '/directory#categories', label: 'Categories' },
      { to: '/saved', label: 'Saved Ads' },
      { to: '/partners#partner-programs', label: 'Radio Stations' },
      { to: '/advertisers', label: 'For Advertisers' },
    ],
  },
  {
    title: 'About Us',
    links: [
      { to: '/about', label: 'About' },
      { to: '/about/measurement', label: 'How We Measure' },
      { to: '/contact', label: 'Contact' },
      { to: '/demo', label: 'Demo' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/terms#privacy', label: 'Privacy Policy' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-slate-700">{messages.tagline}</p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-slate-900">{col.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className="text-slate-700 hover:text-brand-700 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-sm text-slate-700">
        &copy; {new Date().getFullYear()} AdReplay. All rights reserved.
      </p>
    </footer>
  );
}
