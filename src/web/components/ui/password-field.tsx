import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { errorProps, FormField } from './field';
import { Input } from './input';

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
