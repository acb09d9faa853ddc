import { FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import {
  AIRINGS_CSV_MAX_BYTES,
  AIRINGS_PER_BATCH,
  stationMessages,
  type AiringsCsvResult,
} from '../../../shared/stations';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { plural } from '../../lib/format';
import { useImportCsv } from './api/stations';

/** What a CSV as-run log holds, shown beside the upload. */
const CSV_EXAMPLE = `started_at,ad,spot_id,heard_seconds,partial
2026-11-27T08:14:00-08:00,sunrise-bakery-weekend,AR-000123,30,no`;

/**
 * A station's as-run log as a CSV file: checked first (every line, errors by line number), imported only
 * when every line is right, all at once. Lines whose spot id was imported before are counted, not repeated.
 */
export function CsvImport({ stationId, callSign }: { stationId: string; callSign: string }) {
  const id = useId();
  const importCsv = useImportCsv(stationId);
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [result, setResult] = useState<AiringsCsvResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function pick(file: File | undefined) {
    setResult(null);
    setFailure(null);
    if (!file) return setCsv(null);
    if (file.size > AIRINGS_CSV_MAX_BYTES) return setFailure(stationMessages.csvTooLarge);
    const text = await file.text();
    setCsv({ name: file.name, text });
    await run(text, true);
  }

  async function run(text: string, dryRun: boolean) {
    try {
      const r = await importCsv.mutateAsync({ csv: text, dryRun });
      setResult(r);
      setFailure(null);
      if (!dryRun) {
        toast.success(`${plural(r.imported, 'airing')} imported to ${callSign}`);
        setCsv(null);
      }
    } catch (err) {
      setResult(null);
      setFailure(errorText(err) ?? 'The file could not be read');
    }
  }

  const ready = csv && result && !result.errors.length && result.rows > result.duplicates;
  return (
    <div className="space-y-3" data-testid="csv-import">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md bg-surface px-3 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
        >
          <FileSpreadsheet className="h-4 w-4" aria-hidden />
          {csv ? csv.name : 'Choose a CSV file'}
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {ready && (
          <Button size="sm" onClick={() => void run(csv.text, false)} disabled={importCsv.isPending}>
            {importCsv.isPending ? 'Importing...' : `Import ${plural(result.rows - result.duplicates, 'airing')}`}
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-700">
        Header row, then one airing a line (up to {AIRINGS_PER_BATCH}): <code>started_at</code> (with its offset),{' '}
        <code>ad</code> (slug or id), <code>spot_id</code>; optional <code>heard_seconds</code> and <code>partial</code>{' '}
        (yes/no). A spot id imported before is skipped.
      </p>
      <details className="text-xs text-slate-700">
        <summary className="cursor-pointer font-medium">Example file</summary>
        <pre className="mt-1 overflow-x-auto rounded-md bg-slate-100 p-2">{CSV_EXAMPLE}</pre>
      </details>
      <div aria-live="polite">
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        {result && result.errors.length > 0 && (
          <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-medium">{plural(result.errors.length, 'line')} to fix; nothing was imported:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="csv-errors">
              {result.errors.slice(0, 50).map((e) => (
                <li key={`${e.line}-${e.message}`}>
                  Line {e.line}: {e.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {result && !result.errors.length && csv && (
          <p className="text-sm text-slate-800" data-testid="csv-preview">
            {plural(result.rows, 'airing')} ready
            {result.duplicates ? `, ${result.duplicates} already imported (skipped)` : ''}.
          </p>
        )}
      </div>
    </div>
  );
}
