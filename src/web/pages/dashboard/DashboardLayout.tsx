import { BarChart3, CreditCard, Home, List, Plus, Radio, Settings } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { Footer } from '../../components/layout/Footer';
import { Header } from '../../components/layout/Header';
import { HeaderAccount } from '../../features/auth/HeaderAccount';
import { ButtonLink } from '../../components/ui/button';
import { RequireSession } from '../../features/auth/guards';
import { SavedLink } from '../../features/saved/SavedLink';
import { HeaderSearch } from '../../features/search/HeaderSearch';
import { HeardSearch } from '../../features/search/HeardSearch';
import { ListenButton } from '../../features/listen/ListenButton';
import { cn } from '../../lib/cn';

const NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: Home, end: true },
  { to: '/dashboard/ads', label: 'Manage Ads', icon: List },
  { to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/dashboard/stations', label: 'Stations', icon: Radio },
  { to: '/dashboard/subscription', label: 'Subscription', icon: CreditCard },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];

/** The dashboard's pages and its Create New Ad button: the sidebar on wide screens, the menu on phones. */
function DashboardNav({ label, onNavigate }: { label: string; onNavigate?: () => void }) {
  return (
    <>
      <nav aria-label={label} className="flex flex-col gap-1">
        {NAV.map(({ to, label, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                isActive ? 'bg-brand-100 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
              )
            }
          >
            <Icon className="h-4 w-4" aria-hidden /> {label}
          </NavLink>
        ))}
      </nav>
      <ButtonLink to="/dashboard/ads/create" className="mt-4 w-full" onClick={onNavigate}>
        <Plus className="h-4 w-4" aria-hidden /> Create New Ad
      </ButtonLink>
    </>
  );
}

export default function DashboardLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <Header
        account={<HeaderAccount />}
        saved={<SavedLink />}
        search={(onDone) => <HeaderSearch onDone={onDone} />}
        listen={(place) => <ListenButton variant={place} search={(onDone) => <HeardSearch onDone={onDone} />} />}
        menu={(close) => (
          <div className="border-b border-slate-200 py-3">
            <DashboardNav label="Dashboard menu" onNavigate={close} />
          </div>
        )}
      />
      <RequireSession>
        <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 md:flex-row md:py-8">
          <aside className="hidden md:block md:w-56 md:shrink-0">
            <DashboardNav label="Dashboard" />
          </aside>
          <main id="main" className="min-w-0 flex-1">
            <Outlet />
          </main>
        </div>
      </RequireSession>
      <Footer />
    </div>
  );
}
