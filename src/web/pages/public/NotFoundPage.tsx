import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../../shared/messages';
import { buttonClass } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

const MAIN_LINKS = [
  { to: '/directory', label: 'Browse all ads' },
  { to: '/saved', label: 'Your saved ads' },
  { to: '/advertisers', label: 'For advertisers' },
  { to: '/partners', label: 'For partners' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/contact', label: 'Contact us' },
];

/** Any address that is no page (the server answers it with 404): a search and the main ways on. */
export function NotFoundPage() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    void navigate(q ? `/directory?search=${encodeURIComponent(q)}` : '/directory');
  };
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold">{messages.pageNotFound}</h1>
      <p className="mt-2 text-slate-700">There is no page at this address. Search the ads, or go on from here.</p>
      <form role="search" aria-label="Search the ads" onSubmit={search} className="mt-6 flex gap-2">
        <Input
          type="search"
          aria-label="Search the ads"
          placeholder="Business, offer or place"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 flex-1"
        />
        <button type="submit" className={buttonClass({})}>
          <Search className="h-4 w-4" aria-hidden /> Search
        </button>
      </form>
      <nav aria-label="Main pages" className="mt-6">
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          {MAIN_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="font-medium text-brand-700 underline">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/" className={buttonClass({}, 'mt-8')}>
        Go Back Home
      </Link>
    </section>
  );
}
