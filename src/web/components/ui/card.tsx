import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...p }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-slate-200 bg-surface shadow-sm', className)} {...p} />;
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** Line widths and heights of a title and its subline, by where the placeholder stands. */
const LINES = {
  page: ['h-8 w-2/3', 'h-4 w-1/2'],
  hero: ['h-5 w-3/4', 'h-4 w-1/2'],
  card: ['h-4 w-3/4', 'h-3 w-1/2'],
} as const;

/** The placeholder of an ad's head while it loads: its logo square, its title and its business. */
export function LogoLinesSkeleton({ size }: { size: keyof typeof LINES }) {
  const [title, subline] = LINES[size];
  return (
    <div className={cn('flex', size === 'page' ? 'gap-5' : size === 'hero' ? 'gap-4' : 'gap-3')}>
      <Skeleton className="h-20 w-20" />
      <div className={cn('flex-1', size === 'page' ? 'space-y-3' : 'space-y-2')}>
        <Skeleton className={title} />
        <Skeleton className={subline} />
      </div>
    </div>
  );
}
