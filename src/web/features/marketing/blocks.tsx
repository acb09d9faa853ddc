import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

/** The coloured banner at the top of each marketing page; `aside` (a picture of the product) sits beside it. */
export function PageHero({
  title,
  children,
  actions,
  aside,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-hero-from to-hero-to text-white">
      <div
        className={cn('mx-auto max-w-6xl px-4 py-16', aside ? 'grid items-center gap-12 lg:grid-cols-2' : undefined)}
      >
        <div>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          {children && <div className="mt-4 max-w-2xl text-lg text-white/90">{children}</div>}
          {actions && <div className="mt-8 flex flex-wrap gap-3">{actions}</div>}
        </div>
        {aside}
      </div>
    </section>
  );
}

export function Section({ title, children, muted }: { title: string; children: ReactNode; muted?: boolean }) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <section aria-labelledby={id} className={muted ? 'bg-slate-50 py-16' : 'py-16'}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={id} className="text-3xl font-bold">
          {title}
        </h2>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A grid of cards, each an icon, a title and a line: benefits and offers on the home and marketing pages. */
export function FeatureCards({ items, className }: { items: Feature[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6', className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <Card className="h-full p-6">
            <Icon className="h-8 w-8 text-brand-700" aria-hidden />
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-slate-700">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
