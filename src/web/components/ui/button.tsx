import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../../lib/cn';

const VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-accent-strong focus-visible:outline-brand-600',
  secondary:
    'bg-surface text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand-600',
  ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-600',
  inverse: 'text-white ring-1 ring-inset ring-white/70 hover:bg-surface/10 focus-visible:outline-white',
  danger: 'bg-danger text-white hover:bg-danger-strong focus-visible:outline-red-700',
} as const;
const SIZES = {
  sm: 'h-8 px-3 text-sm',
  /** Small on a wide screen, a full 44 px touch target on a phone (action chips). */
  chip: 'h-8 px-3 text-sm max-sm:h-11 max-sm:px-4',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export interface ButtonStyle {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
}

export const buttonClass = ({ variant = 'primary', size = 'md' }: ButtonStyle = {}, extra?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle>(
  ({ variant, size, className, type = 'button', ...props }, ref) => (
    <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} {...props} />
  ),
);
Button.displayName = 'Button';

export function ButtonLink({ variant, size, className, ...props }: LinkProps & ButtonStyle) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}

/** Try Again for something that failed to load; it says so while the new attempt runs. */
export function RetryButton({
  onRetry,
  retrying,
  ...style
}: ButtonStyle & { onRetry: () => void; retrying: boolean; className?: string }) {
  return (
    <Button {...style} onClick={onRetry} disabled={retrying}>
      {retrying ? 'Trying again...' : 'Try Again'}
    </Button>
  );
}
