import { cn } from '../../lib/cn';

/**
 * An on/off switch (a button with role switch). Named by `label` (aria-label), or by a <label> whose
 * htmlFor is `id`.
 */
export function Switch({
  checked,
  onCheckedChange,
  id,
  label,
  disabled,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
        checked ? 'bg-brand-600' : 'bg-slate-400',
      )}
    >
      <span
        className={cn(
          'mt-0.5 inline-block h-5 w-5 rounded-full bg-surface shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}
