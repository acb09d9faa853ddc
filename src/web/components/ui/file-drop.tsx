import { FileAudio, ImageIcon, UploadCloud } from 'lucide-react';
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { formatBytes } from '../../lib/format';

/**
 * A file drop zone: the real file input stretched invisibly over a dashed area, so dropping a file,
 * clicking, the keyboard and screen readers all work as they do for the input itself. Once a file
 * is chosen it shows the name, the size and, for audio or images, a preview before anything uploads.
 */
export function FileDrop({
  file,
  kind,
  hint,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  file?: File;
  kind: 'audio' | 'image';
  hint: string;
}) {
  const [over, setOver] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const Icon = file ? (kind === 'audio' ? FileAudio : ImageIcon) : UploadCloud;
  return (
    <div className={className}>
      <div
        className={cn(
          'relative flex items-center gap-3 rounded-xl border-2 border-dashed px-4 py-4 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 has-disabled:opacity-60',
          over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-400',
        )}
      >
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <span className="min-w-0 text-sm" aria-hidden>
          {file ? (
            <>
              <span className="block truncate font-medium text-slate-900">{file.name}</span>
              <span className="block text-slate-700">{formatBytes(file.size)}</span>
            </>
          ) : (
            <>
              <span className="block font-medium text-slate-900">
                Drop a file here or <span className="text-brand-700 underline">browse</span>
              </span>
              <span className="block text-slate-700">{hint}</span>
            </>
          )}
        </span>
        <input
          type="file"
          {...input}
          onDragEnter={() => setOver(true)}
          onDragLeave={() => setOver(false)}
          onDrop={() => setOver(false)}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
      </div>
      {preview && kind === 'audio' && (
        <audio
          controls
          preload="metadata"
          src={preview}
          className="mt-2 h-10 w-full"
          aria-label={`Preview ${file?.name}`}
        />
      )}
      {preview && kind === 'image' && (
        <img src={preview} alt="" className="mt-2 h-16 w-16 rounded-lg object-cover ring-1 ring-slate-200" />
      )}
    </div>
  );
}
