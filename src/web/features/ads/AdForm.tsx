import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Controller, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import {
  AdInput,
  adMessages,
  FILE_RULES,
  fileMessages,
  maxBytesOf,
  type AdFormValues,
  type FileField,
  type OwnAd,
  type PublicAd,
} from '../../../shared/ads';
import { CATEGORIES } from '../../../shared/categories';
import { AUDIO_MAX_SECONDS } from '../../../shared/limits';
import { Button } from '../../components/ui/button';
import { formatDuration } from '../../lib/format';
import { AdLogo } from '../../components/ad/AdLogo';
import { errorProps, FormField } from '../../components/ui/field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { FileDrop } from '../../components/ui/file-drop';
import { timedLinesText } from '../../../shared/transcripts';
import { Switch } from '../../components/ui/switch';
import { useAppForm } from '../../components/ui/use-app-form';
import { createFailureText, rootErrorText, updateFailureText } from './ad-errors';
import { useSaveAd } from './api/my-ads.mutations';
import { TranscriptionNote } from './TranscriptionNote';

/** The transcript as the field edits it: timed lines as '[m:ss] text', else the text. */
const editableTranscript = (ad: PublicAd) =>
  ad.transcriptSegments?.length ? timedLinesText(ad.transcriptSegments) : (ad.transcript ?? '');

/** The same first check the server makes again by the bytes: type family and size. */
function checkFile(field: FileField, file: File): string | null {
  const rule = FILE_RULES[field];
  if (!file.type.startsWith(`${rule.kind}/`) || (field === 'logo' && file.type === 'image/svg+xml')) {
    return fileMessages.invalidType(rule.kind);
  }
  if (file.size > maxBytesOf(field)) return fileMessages.tooLarge(rule.maxMb);
  return null;
}

/**
 * Create and edit: validate, then upload with progress, then save; the server checks everything again.
 * `signedIn` comes from the page's session: creating needs one. When editing, `audioPreview` is the
 * page's player for the current audio.
 */
export function AdForm({ ad, signedIn, audioPreview }: { ad?: OwnAd; signedIn: boolean; audioPreview?: ReactNode }) {
  const navigate = useNavigate();
  const saveAd = useSaveAd(ad?.id);
  const form = useAppForm(AdInput, {
    defaultValues: {
      title: ad?.title ?? '',
      business_name: ad?.businessName ?? '',
      category: (ad?.category ?? '') as AdFormValues['category'],
      location: ad?.location ?? '',
      description: ad?.description ?? '',
      website_url: ad?.websiteUrl ?? '',
      phone: ad?.phone ?? '',
      is_active: ad?.isActive ?? true,
      transcript: ad ? editableTranscript(ad) : '',
    },
  });
  // An automatic transcript that arrives while the page is open fills the field, unless the owner typed.
  const transcribed = ad?.transcription?.status === 'done' && ad.transcript ? editableTranscript(ad) : null;
  useEffect(() => {
    if (transcribed && !form.getFieldState('transcript').isDirty && !form.getValues('transcript')?.trim()) {
      form.setValue('transcript', transcribed);
    }
  }, [form, transcribed]);
  const [files, setFiles] = useState<Partial<Record<FileField, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileField, string>>>({});
  const progress = saveAd.progress;
  const [rootError, setRootError] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const errors = form.formState.errors;
  // 'Please fill in all required fields' goes away as soon as they are filled in.
  useEffect(() => {
    if (rootError !== adMessages.requiredFields) return;
    const sub = form.watch((v) => {
      if (v.title?.trim() && v.business_name?.trim() && v.category) setRootError(null);
    });
    return () => sub.unsubscribe();
  }, [form, rootError]);
  const busy = form.formState.isSubmitting;

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
    const fields = { ...values, remove_logo: Boolean(ad?.logoUrl) && removeLogo && !files.logo };
    for (const [k, v] of Object.entries(fields)) {
      if (k === 'transcript' && v === undefined) continue; // not sent: the transcript is left as it is
      body.append(k, String(v ?? ''));
    }
    if (files.audio) body.append('audio', files.audio);
    if (files.logo) body.append('logo', files.logo);
    try {
      const saved = await saveAd.mutateAsync(body);
      toast.success(ad ? adMessages.updated : adMessages.created);
      // A new ad is presented on the list page (link, QR code, share, preview); the URL stays the list's.
      void navigate('/dashboard/ads', ad ? undefined : { state: { created: saved.id } });
    } catch (err) {
      setRootError(rootErrorText(err));
      toast.error(ad ? updateFailureText(err) : createFailureText(err));
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
    if (!ad && !signedIn) {
      e.preventDefault();
      setRootError(adMessages.notLoggedIn);
      return;
    }
    return form.handleSubmit(save, refuse)(e);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField id="title" label="Ad Title" error={errors.title?.message}>
        <Input {...form.input('title')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="business_name" label="Business Name" error={errors.business_name?.message}>
          <Input {...form.input('business_name')} />
        </FormField>
        <FormField id="category" label="Category" error={errors.category?.message}>
          <Select {...form.input('category')}>
            <option value="">Select a category</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="location" label="Location" error={errors.location?.message}>
          <Input placeholder="City, State" {...form.input('location')} />
        </FormField>
        <FormField id="phone" label="Phone Number" error={errors.phone?.message}>
          <Input type="tel" {...form.input('phone')} />
        </FormField>
      </div>
      <FormField id="website_url" label="Website URL" error={errors.website_url?.message}>
        <Input
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="yourbusiness.com"
          {...form.input('website_url')}
        />
      </FormField>
      <FormField id="description" label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...form.input('description')} />
      </FormField>
      <FormField id="transcript" label="Transcript (what is said in the ad)" error={errors.transcript?.message}>
        <Textarea
          rows={6}
          placeholder={
            'Paste the script, or time each line:\n[0:00] Good morning, Portland!\n[0:04] Sunrise Bakery has...'
          }
          {...form.input('transcript')}
          aria-describedby={`${errors.transcript ? 'transcript-error ' : ''}transcript-hint transcript-auto`}
        />
        <p id="transcript-hint" className="mt-1 text-xs text-slate-700">
          Listeners find your ad by the words they heard, and the ad page shows the transcript. Lines starting with a
          time such as [0:05] become captions that follow the audio.
        </p>
        <div id="transcript-auto">
          <TranscriptionNote ad={ad} newAudio={Boolean(files.audio)} />
        </div>
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
            label={
              field === 'audio'
                ? `Audio File (up to ${FILE_RULES.audio.maxMb} MB)`
                : `Logo (optional, up to ${FILE_RULES.logo.maxMb} MB)`
            }
            error={fileErrors[field]}
          >
            <FileDrop
              id={`${field}-file`}
              kind={field === 'audio' ? 'audio' : 'image'}
              hint={FILE_RULES[field].formats}
              file={files[field]}
              accept={FILE_RULES[field].accept}
              onChange={onFile(field)}
              disabled={busy}
              {...errorProps(`${field}-file`, fileErrors[field])}
            />
            {field === 'audio' && (
              <p className="mt-1 text-xs text-slate-700">At most {AUDIO_MAX_SECONDS / 60} minutes long.</p>
            )}
            {ad && (
              <CurrentFile
                ad={ad}
                field={field}
                audioPreview={audioPreview}
                replaced={Boolean(files[field])}
                removeLogo={removeLogo}
                onRemoveLogo={setRemoveLogo}
              />
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

/**
 * What an edit starts from: the ad's current audio (playable, with its length) or logo, and what
 * choosing a new file will change. The logo can be removed; the audio only replaced (an ad needs one).
 */
function CurrentFile({
  ad,
  field,
  audioPreview,
  replaced,
  removeLogo,
  onRemoveLogo,
}: {
  ad: PublicAd;
  field: FileField;
  audioPreview?: ReactNode;
  replaced: boolean;
  removeLogo: boolean;
  onRemoveLogo: (remove: boolean) => void;
}) {
  if (field === 'audio') {
    return (
      <div className="mt-2 space-y-2" data-testid="current-audio">
        <p className="text-xs text-slate-700">Current audio ({formatDuration(ad.audioDurationMs)}):</p>
        {audioPreview}
        <p className="text-xs text-slate-700">
          {replaced
            ? 'The new file replaces this audio when you save: its length and waveform are read from it. The page, link and QR code stay the same.'
            : 'Leave empty to keep the current audio.'}
        </p>
      </div>
    );
  }
  if (!ad.logoUrl) {
    return <p className="mt-2 text-xs text-slate-700">No logo yet: the card shows the business initial.</p>;
  }
  return (
    <div className="mt-2 flex items-start gap-3" data-testid="current-logo">
      {removeLogo && !replaced ? <AdLogo ad={{ ...ad, logoUrl: null }} /> : <AdLogo ad={ad} />}
      <div className="space-y-1 text-xs text-slate-700">
        <p>
          {replaced
            ? 'The new image replaces this logo on the ad page and cards when you save.'
            : removeLogo
              ? 'The logo will be removed when you save; the business initial shows instead.'
              : 'Current logo. Choose a file to replace it.'}
        </p>
        {!replaced && (
          <Button variant="secondary" size="sm" onClick={() => onRemoveLogo(!removeLogo)}>
            {removeLogo ? 'Keep logo' : 'Remove logo'}
          </Button>
        )}
      </div>
    </div>
  );
}
