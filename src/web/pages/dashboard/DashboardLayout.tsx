import { BarChart3, CreditCard, Home, List, Plus, Settings } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { Footer } from '../../components/layout/Footer';
import { Header } from '../../components/layout/Header';
import { ButtonLink } from '../../components/ui/button';
import { RequireSession } from '../../features/auth/guards';
import { cn } from '../../lib/cn';

const NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: Home, end: true },
  { to: '/dashboard/ads', label: 'Manage Ads', icon: List },
  { to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/dashboard/subscription', label: 'Subscription', icon: CreditCard },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
];

export default function DashboardLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <Header />
      <RequireSession>
        <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 md:flex-row">
          <aside className="md:w-56 md:shrink-0">
            <nav aria-label="Dashboard" className="flex gap-1 overflow-x-auto md:flex-col">
              {NAV.map(({ to, label, icon: Icon, end }) => (
                <NavLink
                  key={to}
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium',
                      isActive ? 'bg-brand-100 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  <Icon className="h-4 w-4" aria-hidden /> {label}
                </NavLink>
              ))}
            </nav>
            <ButtonLink to="/dashboard/ads/create" className="mt-4 w-full">
              <Plus className="h-4 w-4" aria-hidden /> Create New Ad
            </ButtonLink>
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
