import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { ProfileInput, type ProfileValues } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Field } from '../../components/ui/field';
import { ApiKeysCard } from '../../features/api-keys/ApiKeysCard';
import { useSession } from '../../features/auth/session';
import { api, errorText } from '../../lib/api';

export default function SettingsPage() {
  const { user, profile, refresh } = useSession();
  const form = useForm<ProfileValues>({ resolver: zodResolver(ProfileInput), reValidateMode: 'onSubmit' });
  useEffect(() => {
    if (profile) form.reset({ ...profile });
  }, [profile, form]);
  const field = (name: keyof ProfileValues) => ({
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    error: form.formState.errors[name]?.message,
    disabled: form.formState.isSubmitting,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api('/api/profile', { method: 'PUT', body: JSON.stringify(values) });
      await refresh();
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
          <Field label="Website" type="url" placeholder="https://example.com" {...field('website')} />
          <Field label="Phone" type="tel" {...field('phone')} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Card>
      <ApiKeysCard />
    </div>
  );
}
