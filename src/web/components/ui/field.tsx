import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Input } from './input';

/** The attributes that tie a control to its error text, for screen readers. */
export const errorProps = (id: string, error?: string) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium">
      {children}
    </label>
  );
}

/** A field's error, announced when it appears; its id is what errorProps points at. */
export function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

/** A label, any control (input, select, textarea, file) and its error underneath. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={id} text={error} />
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; name: string };

/** The common case: a labelled text input with its error. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(({ label, error, name, ...props }, ref) => (
  <FormField id={name} label={label} error={error}>
    <Input ref={ref} id={name} name={name} {...errorProps(name, error)} {...props} />
  </FormField>
));
Field.displayName = 'Field';
