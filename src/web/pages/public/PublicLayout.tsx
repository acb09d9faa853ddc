import { Link, Outlet } from 'react-router';
import { messages } from '../../../shared/messages';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <Link to="/" className="text-xl font-bold text-brand-700">
            AdReplay
          </Link>
        </div>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50 py-8 text-sm text-slate-600">
        <div className="mx-auto max-w-6xl px-4">
          <p>{messages.tagline}</p>
          <p className="mt-4">&copy; 2025 AdReplay. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
