import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Dialog } from '../../components/ui/dialog';
import ReportForm from './ReportForm';

/**
 * The report dialog, open from the moment it loads; closing it unmounts it. In the embed (`fullFrame`) it
 * covers the whole frame and scrolls inside it: a modal centred in a frame a few lines high would be cut off.
 */
export default function ReportDialog({
  slug,
  onClose,
  fullFrame = false,
}: {
  slug: string;
  onClose: () => void;
  fullFrame?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!fullFrame) return;
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [fullFrame, onClose]);
  if (!fullFrame) {
    return (
      <Dialog open onClose={onClose} title="Report this ad">
        <ReportForm slug={slug} onDone={onClose} />
      </Dialog>
    );
  }
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby="report-title"
      tabIndex={-1}
      className="fixed inset-0 z-10 overflow-y-auto bg-surface text-slate-900 outline-none"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-2">
        <h2 id="report-title" className="font-semibold">
          Report this ad
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label="Close"
        >
          <X className="h-5 w-5" />
        </button>
      </div>
      <ReportForm slug={slug} onDone={onClose} />
    </div>
  );
}
