import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/**
 * Questions that open one at a time: native <details> sharing a name (the browser closes the others,
 * keeps keyboard and screen-reader behaviour, and works before any script runs).
 */
export function Accordion({ items }: { items: readonly { q: string; a: ReactNode }[] }) {
  const name = useId();
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-surface shadow-xs">
      {items.map((item) => (
        <details key={item.q} name={name} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
            {item.q}
            <ChevronDown
              className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
              aria-hidden
            />
          </summary>
          <div className="px-5 pb-4 text-slate-700">{item.a}</div>
        </details>
      ))}
    </div>
  );
}
