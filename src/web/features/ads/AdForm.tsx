import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import {
  AdInput,
  adMessages,
  FILE_RULES,
  fileMessages,
  type AdFormValues,
  type FileField,
  type PublicAd,
} from '../../../shared/ads';
import { CATEGORIES } from '../../../shared/categories';
import { Button } from '../../components/ui/button';
import { errorProps, FormField } from '../../components/ui/field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { apiUpload } from '../../lib/api';
import { useSession } from '../auth/session';
import { createFailureText, rootErrorText, updateFailureText } from './ad-errors';
import { useRefreshAfterChange } from './my-ads.mutations';

const MB = 1024 * 1024;

/** The same first check the server makes again by the bytes: type family and size. */
function checkFile(field: FileField, file: File): string | null {
  const rule = FILE_RULES[field];
  if (!file.type.startsWith(`${rule.kind}/`) || (field === 'logo' && file.type === 'image/svg+xml')) {
    return fileMessages.invalidType(rule.kind);
  }
  if (file.size > rule.maxMb * MB) return fileMessages.tooLarge(rule.maxMb);
  return null;
}

/** Create and edit: validate, then upload with progress, then save; the server checks everything again. */
export function AdForm({ ad }: { ad?: PublicAd }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const refresh = useRefreshAfterChange();
  const form = useForm<AdFormValues, unknown, AdInput>({
    resolver: zodResolver(AdInput),
    reValidateMode: 'onSubmit',
    defaultValues: {
      title: ad?.title ?? '',
      business_name: ad?.businessName ?? '',
      category: (ad?.category ?? '') as AdFormValues['category'],
      location: ad?.location ?? '',
      description: ad?.description ?? '',
      website_url: ad?.websiteUrl ?? '',
      phone: ad?.phone ?? '',
      is_active: ad?.isActive ?? true,
    },
  });
  const [files, setFiles] = useState<Partial<Record<FileField, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileField, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [rootError, setRootError] = useState<string | null>(null);
  const errors = form.formState.errors;
  const busy = form.formState.isSubmitting;

  const reg = (name: Exclude<keyof AdFormValues, 'is_active'>) => ({
    id: name,
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    ...errorProps(name, errors[name]?.message),
    disabled: busy,
  });

  const onFile = (field: FileField) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    const problem = file ? checkFile(field, file) : null;
    setFileErrors((f) => ({ ...f, [field]: problem ?? undefined }));
    setFiles((f) => ({ ...f, [field]: problem ? undefined : file }));
    if (problem) e.target.value = '';
  };

  // Spec section 5's order: signed in, then the required fields, then the audio (the monthly limit
  // replaces the whole form on the create page, and the server checks it again).
  const save = async (values: AdInput) => {
    if (!ad && !files.audio) {
      setFileErrors((f) => ({ ...f, audio: fileMessages.audioRequired }));
      setRootError(fileMessages.audioRequired);
      return;
    }
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, String(v ?? ''));
    if (files.audio) body.append('audio', files.audio);
    if (files.logo) body.append('logo', files.logo);
    setProgress(0);
    try {
      const saved = await apiUpload<PublicAd>(
        ad ? `/api/my/ads/${ad.id}` : '/api/my/ads',
        ad ? 'PUT' : 'POST',
        body,
        setProgress,
      );
      refresh(saved);
      toast.success(ad ? adMessages.updated : adMessages.created);
      navigate('/dashboard/ads');
    } catch (err) {
      setRootError(rootErrorText(err));
      toast.error(ad ? updateFailureText(err) : createFailureText(err));
    } finally {
      setProgress(null);
    }
  };
  const refuse = (invalid: FieldErrors<AdFormValues>) => {
    const values = form.getValues();
    const missing = !values.title?.trim() || !values.business_name?.trim() || !values.category;
    if (missing && (invalid.title || invalid.business_name || invalid.category))
      setRootError(adMessages.requiredFields);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setRootError(null);
    if (!ad && !user) {
      e.preventDefault();
      setRootError(adMessages.notLoggedIn);
      return;
    }
    return form.handleSubmit(save, refuse)(e);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField id="title" label="Ad Title" error={errors.title?.message}>
        <Input {...reg('title')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="business_name" label="Business Name" error={errors.business_name?.message}>
          <Input {...reg('business_name')} />
        </FormField>
        <FormField id="category" label="Category" error={errors.category?.message}>
          <Select {...reg('category')}>
            <option value="">Select a category</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="location" label="Location" error={errors.location?.message}>
          <Input placeholder="City, State" {...reg('location')} />
        </FormField>
        <FormField id="phone" label="Phone Number" error={errors.phone?.message}>
          <Input type="tel" {...reg('phone')} />
        </FormField>
      </div>
      <FormField id="website_url" label="Website URL" error={errors.website_url?.message}>
        <Input type="url" placeholder="https://example.com" {...reg('website_url')} />
      </FormField>
      <FormField id="description" label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...reg('description')} />
      </FormField>
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name="is_active"
          render={({ field }) => (
            <Switch
              id="is_active"
              checked={field.value !== false && field.value !== 'false'}
              onCheckedChange={field.onChange}
              disabled={busy}
            />
          )}
        />
        <label htmlFor="is_active" className="text-sm font-medium">
          Active (shown in the directory)
        </label>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {(['audio', 'logo'] as const).map((field) => (
          <FormField
            key={field}
            id={`${field}-file`}
            label={field === 'audio' ? 'Audio File (MP3, up to 10 MB)' : 'Logo (optional, up to 5 MB)'}
            error={fileErrors[field]}
          >
            <input
              id={`${field}-file`}
              type="file"
              accept={FILE_RULES[field].accept}
              onChange={onFile(field)}
              disabled={busy}
              {...errorProps(`${field}-file`, fileErrors[field])}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            />
            {ad && field === 'audio' && !files.audio && (
              <p className="mt-1 text-xs text-slate-700">Leave empty to keep the current audio.</p>
            )}
          </FormField>
        ))}
      </div>
      {progress !== null && (
        <div role="status" aria-live="polite">
          <p className="text-sm text-slate-700">Uploading... {progress}%</p>
          <div className="mt-1 h-2 rounded-full bg-slate-200">
            <div className="h-2 rounded-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}
      {rootError && (
        <p
          role="alert"
          data-testid="form-error"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {rootError}
        </p>
      )}
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => navigate('/dashboard/ads')} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {ad ? 'Update Ad' : 'Publish Ad'}
        </Button>
      </div>
    </form>
  );
}
