import { ArrowUpRight, BarChart3, CreditCard, Home, List, Menu, Plus, Radio, Settings, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { greetingName } from '../../../shared/auth';
import { Logo } from '../../components/layout/Header';
import { ButtonLink, buttonClass } from '../../components/ui/button';
import { useSession } from '../../features/auth/api/session';
import { RequireSession } from '../../features/auth/guards';
import { SignOutButton } from '../../features/auth/HeaderAccount';
import { cn } from '../../lib/cn';

const NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: Home, end: true },
  { to: '/dashboard/ads', label: 'Manage Ads', icon: List },
  { to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/dashboard/stations', label: 'Stations', icon: Radio },
  { to: '/dashboard/subscription', label: 'Subscription', icon: CreditCard },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];

/** The dashboard's pages (NavLink marks the current one with aria-current="page") and Create New Ad. */
function DashboardNav({ label, onNavigate }: { label: string; onNavigate?: () => void }) {
  return (
    <>
      <nav aria-label={label} className="flex flex-col gap-0.5">
        {NAV.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex min-h-11 items-center gap-3 whitespace-nowrap rounded-md px-3 text-sm font-medium md:min-h-9',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <Icon className="h-4 w-4 shrink-0" aria-hidden /> {label}
          </NavLink>
        ))}
      </nav>
      <ButtonLink to="/dashboard/ads/create" className="mt-4 w-full" onClick={onNavigate}>
        <Plus className="h-4 w-4" aria-hidden /> Create New Ad
      </ButtonLink>
    </>
  );
}

/** Who is signed in, a way back to the public site, and Sign Out. */
function AccountBox() {
  const { user, profile } = useSession();
  if (!user) return null;
  return (
    <div className="space-y-2">
      <div className="min-w-0 px-3">
        <p className="truncate text-sm font-semibold text-slate-900">{greetingName(user, profile)}</p>
        <p className="truncate text-xs text-slate-700">{user.email}</p>
      </div>
      <div className="flex flex-col items-start">
        <Link
          to="/directory"
          className={buttonClass({ variant: 'ghost', size: 'sm' }, 'min-h-11 w-full justify-start md:min-h-8')}
        >
          <ArrowUpRight className="h-4 w-4" aria-hidden /> Browse the directory
        </Link>
        <SignOutButton className="min-h-11 w-full justify-start md:min-h-8" />
      </div>
    </div>
  );
}

/**
 * The app's frame, apart from the public site's: a sidebar from md up; on phones a compact top bar whose
 * menu holds the same navigation. No marketing header or footer, so each page's own figures come first.
 */
export default function DashboardLayout() {
  // The phone menu belongs to the page it was opened on: any navigation closes it.
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-20 hidden w-60 flex-col border-r border-slate-200 bg-surface md:flex">
        <div className="flex h-16 shrink-0 items-center px-5">
          <Logo />
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-2">
          <DashboardNav label="Dashboard" />
        </div>
        <div className="border-t border-slate-200 p-3">
          <AccountBox />
        </div>
      </aside>

      <header className="sticky top-0 z-30 border-b border-slate-200 bg-surface/95 backdrop-blur md:hidden">
        <div className="flex h-14 items-center justify-between gap-3 px-4">
          <Logo />
          <button
            ref={toggle}
            type="button"
            className={buttonClass({ variant: 'ghost', size: 'icon' })}
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpenOn(open ? null : key)}
          >
            {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
        {open && (
          <div
            id="mobile-menu"
            className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-slate-200 bg-surface px-4 pt-3 pb-4 shadow-md"
          >
            <DashboardNav label="Dashboard menu" onNavigate={() => setOpenOn(null)} />
            <div className="mt-4 border-t border-slate-200 pt-3">
              <AccountBox />
            </div>
          </div>
        )}
      </header>

      <main id="main" className="md:pl-60">
        <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6 md:px-8 md:py-8">
          <RequireSession>
            <Outlet />
          </RequireSession>
        </div>
      </main>
      <ScrollRestoration />
    </div>
  );
}
