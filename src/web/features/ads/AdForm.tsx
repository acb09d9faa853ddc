import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import {
  AdInput,
  FILE_RULES,
  fileMessages,
  type AdFormValues,
  type FileField,
  type PublicAd,
} from '../../../shared/ads';
import { CATEGORIES } from '../../../shared/categories';
import { Button } from '../../components/ui/button';
import { Input, Select, Textarea } from '../../components/ui/input';
import { apiUpload } from '../../lib/api';
import { cn } from '../../lib/cn';
import { createFailureText } from './ad-errors';
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

function Label({ htmlFor, children }: { htmlFor: string; children: React.ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium">
      {children}
    </label>
  );
}
function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

/** Create and edit: validate, then upload with progress, then save; the server checks everything again. */
export function AdForm({ ad }: { ad?: PublicAd }) {
  const navigate = useNavigate();
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

  const reg = (name: keyof AdFormValues) => ({
    id: name,
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
    disabled: busy,
  });

  const onFile = (field: FileField) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    const problem = file ? checkFile(field, file) : null;
    setFileErrors((f) => ({ ...f, [field]: problem ?? undefined }));
    setFiles((f) => ({ ...f, [field]: problem ? undefined : file }));
    if (problem) e.target.value = '';
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setRootError(null);
    if (!ad && !files.audio) {
      setFileErrors((f) => ({ ...f, audio: fileMessages.audioRequired }));
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
      toast.success(ad ? 'Ad updated successfully!' : 'Ad created successfully!');
      navigate('/dashboard/ads');
    } catch (err) {
      const text = ad ? `Failed to update ad: ${(err as Error).message}` : createFailureText(err);
      setRootError(text);
      toast.error(text);
    } finally {
      setProgress(null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <Label htmlFor="title">Ad Title</Label>
        <Input {...reg('title')} />
        <ErrorText id="title-error" text={errors.title?.message} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor="business_name">Business Name</Label>
          <Input {...reg('business_name')} />
          <ErrorText id="business_name-error" text={errors.business_name?.message} />
        </div>
        <div>
          <Label htmlFor="category">Category</Label>
          <Select {...reg('category')}>
            <option value="">Select a category</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
          <ErrorText id="category-error" text={errors.category?.message} />
        </div>
        <div>
          <Label htmlFor="location">Location</Label>
          <Input placeholder="City, State" {...reg('location')} />
        </div>
        <div>
          <Label htmlFor="phone">Phone Number</Label>
          <Input type="tel" {...reg('phone')} />
          <ErrorText id="phone-error" text={errors.phone?.message} />
        </div>
      </div>
      <div>
        <Label htmlFor="website_url">Website URL</Label>
        <Input type="url" placeholder="https://example.com" {...reg('website_url')} />
        <ErrorText id="website_url-error" text={errors.website_url?.message} />
      </div>
      <div>
        <Label htmlFor="description">Description</Label>
        <Textarea rows={4} {...reg('description')} />
      </div>
      <div className="flex items-center gap-2">
        <input type="checkbox" role="switch" className="h-5 w-5 accent-brand-600" {...reg('is_active')} />
        <label htmlFor="is_active" className="text-sm font-medium">
          Active (shown in the directory)
        </label>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {(['audio', 'logo'] as const).map((field) => (
          <div key={field}>
            <Label htmlFor={`${field}-file`}>
              {field === 'audio' ? 'Audio File (MP3, up to 10 MB)' : 'Logo (optional, up to 5 MB)'}
            </Label>
            <input
              id={`${field}-file`}
              type="file"
              accept={FILE_RULES[field].accept}
              onChange={onFile(field)}
              disabled={busy}
              aria-invalid={Boolean(fileErrors[field])}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-medium file:text-brand-800"
            />
            {ad && field === 'audio' && !files.audio && (
              <p className="mt-1 text-xs text-slate-700">Leave empty to keep the current audio.</p>
            )}
            <ErrorText id={`${field}-error`} text={fileErrors[field]} />
          </div>
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
        <p role="alert" className={cn('rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800')}>
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
