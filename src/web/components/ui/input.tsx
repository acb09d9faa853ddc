import { ChevronDown } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const fieldClass =
  'block w-full rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 hover:border-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-700';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(({ className, ...p }, ref) => (
  <input ref={ref} className={cn(fieldClass, 'h-10', className)} {...p} />
));
Input.displayName = 'Input';

/** The native select (keyboard, mobile pickers and forms as usual) drawn like the inputs, with our chevron. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...p }, ref) => (
    <span className={cn('relative block', className)}>
      <select ref={ref} className={cn(fieldClass, 'h-10 cursor-pointer appearance-none pr-9')} {...p} />
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-600"
        aria-hidden
      />
    </span>
  ),
);
Select.displayName = 'Select';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...p }, ref) => <textarea ref={ref} className={cn(fieldClass, className)} {...p} />,
);
Textarea.displayName = 'Textarea';
