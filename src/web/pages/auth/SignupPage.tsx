import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { SignupInput, signupErrorText } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
import { AuthCard } from '../../features/auth/AuthCard';
import { useAppForm } from '../../components/ui/use-app-form';
import { useSignUp } from '../../features/auth/api/auth';
import { useStartTrial } from '../../features/plans/api/trial.api';
import { rememberTier, tierFrom, withTier } from '../../features/plans/chosen-plan';
import { errorText } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

export default function SignupPage() {
  usePageMeta('/signup');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tier = tierFrom(params.get('plan'));
  const trial = useStartTrial();
  const signUp = useSignUp({
    onSignedUp: async (res) => {
      if (tier) rememberTier(res.user.id, tier);
      // Growth starts its 14-day Premium trial now when signed in; otherwise at the first sign-in.
      if (res.signedIn && tier?.id === 'growth') await trial.mutateAsync().catch(() => {});
      toast.success('Account created successfully! Please check your email to verify your account.');
    },
  });
  const form = useAppForm(SignupInput, {
    defaultValues: { firstName: '', lastName: '', companyName: '', email: '', password: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit(async ({ email, password, firstName, lastName, companyName }) => {
    try {
      const res = await signUp.mutateAsync({ email, password, firstName, lastName, companyName });
      // Signed in at once: with the session set, this page's guard goes on to /dashboard. Otherwise the
      // address must be verified first, and the user signs in after that.
      if (!res.signedIn) void navigate(withTier('/login', tier), { replace: true });
    } catch (err) {
      const { field, text } = signupErrorText(errorText(err));
      if (field) form.setError(field, { message: text });
      else toast.error(text);
    }
  });
  return (
    <AuthCard
      title="Create Your Account"
      subtitle={
        tier ? (
          <>
            Chosen plan: <strong>{tier.name}</strong>
          </>
        ) : (
          'Start sharing your radio and podcast ads.'
        )
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" autoComplete="given-name" {...form.field('firstName')} />
          <Field label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <Field label="Company Name" autoComplete="organization" {...form.field('companyName')} />
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={withTier('/login', tier)} className="font-medium text-brand-700 underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
