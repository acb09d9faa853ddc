import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { errorProps, FormField } from '../../components/ui/field';
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

type PasswordFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; name: string };

/** A password input with a show/hide toggle, laid out like every other field. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  ({ label, error, name, ...props }, ref) => {
    const [shown, setShown] = useState(false);
    return (
      <FormField id={name} label={label} error={error}>
        <div className="relative">
          <Input
            ref={ref}
            id={name}
            name={name}
            type={shown ? 'text' : 'password'}
            {...errorProps(name, error)}
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
      </FormField>
    );
  },
);
PasswordField.displayName = 'PasswordField';
