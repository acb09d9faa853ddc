import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { ProfileInput } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/field';
import { useAppForm } from '../../components/ui/use-app-form';
import { ChangePasswordCard, DeleteAccountCard } from '../../features/account/AccountCards';
import { ApiKeysCard } from '../../features/api-keys/ApiKeysCard';
import { SESSION_ENDED, useUpdateProfile } from '../../features/auth/api/auth';
import { useSession } from '../../features/auth/api/session';
import { WeeklyReportSection } from '../../features/reports/WeeklyReportSection';
import { WebhooksSection } from '../../features/webhooks/WebhooksSection';
import { errorText } from '../../lib/api';

export default function SettingsPage() {
  const { user, profile } = useSession();
  const updateProfile = useUpdateProfile();
  const navigate = useNavigate();
  const form = useAppForm(ProfileInput);
  const { reset } = form;
  useEffect(() => {
    if (profile) reset({ ...profile });
  }, [profile, reset]);
  const field = form.field;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updateProfile.mutateAsync(values);
      toast.success('Profile updated successfully');
    } catch (err) {
      toast.error(errorText(err) ?? 'Error updating profile');
    }
  });
  return (
    <div>
      <h1 className="text-2xl font-bold">Account Settings</h1>
      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">Profile Information</h2>
        <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field label="First Name" {...field('firstName')} />
          <Field label="Last Name" {...field('lastName')} />
          <div className="sm:col-span-2">
            <Field label="Company Name" {...field('companyName')} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="email" className="mb-1 block text-sm font-medium">
              Email Address
            </label>
            <Input id="email" value={user?.email ?? ''} readOnly disabled aria-describedby="email-note" />
            <p id="email-note" className="mt-1 text-sm text-slate-700">
              Email cannot be changed
            </p>
          </div>
          <Field
            label="Website"
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="yourbusiness.com"
            {...field('website')}
          />
          <Field label="Phone" type="tel" {...field('phone')} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Card>
      <WeeklyReportSection />
      <ChangePasswordCard />
      <ApiKeysCard />
      <WebhooksSection />
      {user && (
        // The home page forgets the session on arrival: forgotten here, this guarded page would send the
        // browser to /login first.
        <DeleteAccountCard
          email={user.email}
          onDeleted={() => navigate('/', { replace: true, state: SESSION_ENDED })}
        />
      )}
    </div>
  );
}
