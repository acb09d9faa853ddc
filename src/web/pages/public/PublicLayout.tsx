import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../../components/layout/Footer';
import { Header } from '../../components/layout/Header';
import { useForgetSessionOnArrival } from '../../features/auth/api/auth';
import { HeaderAccount } from '../../features/auth/HeaderAccount';
import { SavedLink } from '../../features/saved/SavedLink';
import { HeaderSearch } from '../../features/search/HeaderSearch';
import { HeardSearch } from '../../features/search/HeardSearch';
import { ListenButton } from '../../features/listen/ListenButton';

export function PublicLayout() {
  useForgetSessionOnArrival();
  return (
    <div className="flex min-h-screen flex-col bg-surface text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </a>
      <Header
        account={<HeaderAccount />}
        saved={<SavedLink />}
        search={(onDone) => <HeaderSearch onDone={onDone} />}
        listen={(place) => <ListenButton variant={place} search={(onDone) => <HeardSearch onDone={onDone} />} />}
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
