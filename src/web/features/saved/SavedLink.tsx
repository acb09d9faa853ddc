import { Bookmark } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { useSavedList } from './saved-store';

/**
 * The saved ads page, with how many are saved in this browser: the header's icon and count on wide
 * screens, with its word in the phone menu.
 */
export function SavedLink() {
  const count = useSavedList('saved').length;
  return (
    <NavLink
      to="/saved"
      aria-label={`Saved ads (${count})`}
      className={({ isActive }) =>
        cn(
          'inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
          isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700',
        )
      }
    >
      <Bookmark className="h-4 w-4" aria-hidden />
      <span className="lg:sr-only">Saved</span>
      <span className="min-w-5 rounded-full bg-slate-100 px-1.5 text-center text-xs tabular-nums">{count}</span>
    </NavLink>
  );
}
