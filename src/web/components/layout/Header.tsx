import { Menu, Radio, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { buttonClass } from '../ui/button';

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

/**
 * The site header. `account` is its sign-in corner (Log In / Sign Up, or the signed-in user's links),
 * `saved` the link to the saved ads; `listen` the Listen button, drawn inside the search box on wide screens
 * (where the bar is full) and beside the menu button on phones (the quickest way to an ad on air, so it is
 * not folded into the menu); `menu` adds a section to the top of the small-screen menu (the
 * dashboard puts its own navigation there, so every page of it is one tap away on a phone); `search` draws
 * the search box (`onDone` closes the small-screen menu once a search or suggestion is chosen).
 */
export function Header({
  account,
  saved,
  menu,
  search,
  listen,
}: {
  search: (onDone?: () => void) => ReactNode;
  listen: (place: 'bar' | 'search') => ReactNode;
  account: ReactNode;
  saved: ReactNode;
  menu?: (close: () => void) => ReactNode;
}) {
  // The mobile menu belongs to the page it was opened on: any navigation (a link, signing in or out) closes it.
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const close = () => setOpenOn(null);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium',
      isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700',
    );
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={linkClass}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2 lg:gap-3">
          <div className="lg:hidden">{listen('bar')}</div>
          <div className="hidden items-center gap-3 whitespace-nowrap lg:flex">
            <div className="relative">
              {search()}
              <div className="absolute inset-y-0 right-1 flex items-center">{listen('search')}</div>
            </div>
            {saved}
            {account}
          </div>
          <button
            type="button"
            className={buttonClass({ variant: 'ghost', size: 'icon' }, 'lg:hidden')}
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpenOn(open ? null : key)}
          >
            {open ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {open && (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 lg:hidden">
          {menu?.(close)}
          <div className="py-3">{search(close)}</div>
          <nav aria-label="Mobile" className="flex flex-col">
            {[...NAV, { to: '/contact', label: 'Contact' }].map((n) => (
              <NavLink key={n.to} to={n.to} className={linkClass} onClick={close}>
                {n.label}
              </NavLink>
            ))}
            {saved}
          </nav>
          <div className="mt-3 flex gap-2">{account}</div>
        </div>
      )}
    </header>
  );
}
