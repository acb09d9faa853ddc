import { useId } from 'react';
import { cn } from '../../lib/cn';

/**
 * A segmented control: native radio buttons under a legend, so arrow keys, focus and screen readers
 * work as they do for any radio group; only the look is a row of buttons.
 */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-600',
            o.value === value ? 'bg-surface text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
          )}
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
            className="sr-only"
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
