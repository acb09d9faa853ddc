import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-700">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; name: string };

/** A labelled input with its error underneath, announced to screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(({ label, error, name, ...props }, ref) => (
  <div>
    <label htmlFor={name} className="mb-1 block text-sm font-medium">
      {label}
    </label>
    <Input
      ref={ref}
      id={name}
      name={name}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? `${name}-error` : undefined}
      {...props}
    />
    {error && (
      <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
        {error}
      </p>
    )}
  </div>
));
Field.displayName = 'Field';

export const PasswordField = forwardRef<HTMLInputElement, FieldProps>(({ label, error, name, ...props }, ref) => {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Input
          ref={ref}
          id={name}
          name={name}
          type={shown ? 'text' : 'password'}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${name}-error` : undefined}
          className="pr-10"
          {...props}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? 'Hide password' : 'Show password'}
          className="absolute right-2 top-2 rounded p-0.5 text-slate-600 hover:text-slate-900"
        >
          {shown ? <EyeOff className="h-5 w-5" /> : <Eye className="h-5 w-5" />}
        </button>
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
PasswordField.displayName = 'PasswordField';
