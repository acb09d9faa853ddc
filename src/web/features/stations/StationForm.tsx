import { useState } from 'react';
import { LOGO_MAX_MB } from '../../../shared/limits';
import { StationInput, type Station, type StationFormValues } from '../../../shared/stations';
import { Button } from '../../components/ui/button';
import { Field, FormField } from '../../components/ui/field';
import { FileDrop } from '../../components/ui/file-drop';
import { Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useAppForm } from '../../components/ui/use-app-form';
import { errorText } from '../../lib/api';
import { useSaveStation } from './api/stations';

/**
 * Every zone the browser knows. Its list leaves out aliases such as UTC, which the browser may itself report
 * as the local zone and a station may already hold: those are added, so the select never shows another.
 */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zonesWith = (...extra: string[]) =>
  [...new Set([...(Intl.supportedValuesOf?.('timeZone') ?? []), 'UTC', ...extra])].sort();

/** Registers a station, or edits `station`: the same contract the API parses with. */
export function StationForm({ station, onDone }: { station?: Station; onDone: (saved: Station) => void }) {
  const save = useSaveStation(station?.id);
  const [logo, setLogo] = useState<File | undefined>();
  const form = useAppForm<StationFormValues, StationInput>(StationInput, {
    defaultValues: {
      callSign: station?.callSign ?? '',
      name: station?.name ?? '',
      frequency: station?.frequency ?? '',
      city: station?.city ?? '',
      timeZone: station?.timeZone ?? localZone(),
      streamUrl: station?.streamUrl ?? '',
    },
  });
  const { field, input } = form;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ input: values, logo });
      toast.success(station ? 'Station updated' : `${saved.callSign} registered`);
      onDone(saved);
    } catch (err) {
      toast.error(errorText(err) ?? 'The station could not be saved');
    }
  });
  const prefix = station ? `station-${station.id}` : 'new-station';
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label={station ? `Edit ${station.callSign}` : 'Register a station'}
    >
      <Field label="Call sign" placeholder="KXRP" autoCapitalize="characters" {...field('callSign')} />
      <Field label="Name" placeholder="KXRP Community Radio" {...field('name')} />
      <Field label="Frequency (optional)" placeholder="101.5 FM" {...field('frequency')} />
      <Field label="City (optional)" placeholder="Portland, OR" {...field('city')} />
      <FormField id="timeZone" label="Time zone" error={form.errorOf('timeZone')}>
        <Select {...input('timeZone')}>
          {zonesWith(localZone(), station?.timeZone ?? 'UTC').map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </FormField>
      <Field
        label="Stream URL (optional)"
        type="url"
        placeholder="https://stream.example.com/live.mp3"
        {...field('streamUrl')}
      />
      <div className="sm:col-span-2">
        <FormField id={`${prefix}-logo`} label="Logo (optional)">
          <FileDrop
            id={`${prefix}-logo`}
            kind="image"
            accept="image/png,image/jpeg,image/webp,image/gif"
            file={logo}
            hint={`PNG, JPEG, WebP or GIF, up to ${LOGO_MAX_MB} MB${station?.logoUrl ? '; replaces the current logo' : ''}`}
            onChange={(e) => setLogo(e.target.files?.[0])}
          />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving...' : station ? 'Save Station' : 'Register Station'}
        </Button>
      </div>
    </form>
  );
}
