import { Menu, Radio, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { buttonClass } from '../ui/button';
import { HeaderAccount } from './HeaderAccount';

const NAV = [
  { to: '/directory', label: 'Browse' },
  { to: '/advertisers', label: 'For Advertisers' },
  { to: '/partners', label: 'For Partners' },
  { to: '/about', label: 'About' },
];

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand-700" aria-label="AdReplay home">
      <Radio className="h-6 w-6" aria-hidden />
      AdReplay
    </Link>
  );
}

function HeaderSearch({ onDone }: { onDone?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return; // blank search is ignored
    navigate(`/directory?search=${encodeURIComponent(q)}`);
    setText('');
    onDone?.();
  };
  return (
    <form role="search" onSubmit={submit} className="relative">
      <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" aria-hidden />
      <input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search ads..."
        aria-label="Search ads"
        className="h-9 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 lg:w-56"
      />
    </form>
  );
}

export function Header() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-sm font-medium', isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700');
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={linkClass}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-3 md:flex">
          <HeaderSearch />
          <HeaderAccount />
        </div>
        <button
          type="button"
          className={buttonClass({ variant: 'ghost', size: 'icon' }, 'md:hidden')}
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
        </button>
      </div>
      {open && (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 md:hidden">
          <div className="py-3">
            <HeaderSearch onDone={close} />
          </div>
          <nav aria-label="Mobile" className="flex flex-col">
            {[...NAV, { to: '/contact', label: 'Contact' }].map((n) => (
              <NavLink key={n.to} to={n.to} className={linkClass} onClick={close}>
                {n.label}
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 flex gap-2" onClick={close}>
            <HeaderAccount />
          </div>
        </div>
      )}
    </header>
  );
}
