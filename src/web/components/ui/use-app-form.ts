import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { errorProps } from './field';

interface AppFormOptions<TIn extends FieldValues> {
  defaultValues?: DefaultValues<TIn>;
  /** Whether the fields are disabled while the form submits (true unless the screen keeps them editable). */
  lockWhileSubmitting?: boolean;
}

/**
 * Every form of the app: validated on submit by its shared contract (the same schema the server parses
 * with), and a field's error clears as soon as that field is edited.
 */
export function useAppForm<TIn extends FieldValues, TOut extends FieldValues = TIn>(
  schema: z.ZodType<TOut, TIn>,
  { defaultValues, lockWhileSubmitting = true }: AppFormOptions<TIn> = {},
) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema as never) as unknown as Resolver<TIn, unknown, TOut>,
    defaultValues,
    reValidateMode: 'onSubmit',
  });
  const registered = (name: Path<TIn>) => ({
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    disabled: lockWhileSubmitting ? form.formState.isSubmitting : undefined,
  });
  const errorOf = (name: Path<TIn>) => form.formState.errors[name]?.message as string | undefined;
  /** Props for a <Field> or <PasswordField>: its id is the field's name. */
  const field = (name: Path<TIn>) => ({ ...registered(name), error: errorOf(name) });
  /** Props for a bare control inside a <FormField id={id}>. */
  const input = (name: Path<TIn>, id: string = name) => ({
    id,
    ...registered(name),
    ...errorProps(id, errorOf(name)),
  });
  return { ...form, field, input, errorOf };
}
