import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the dialog's controls: a modal <dialog> makes the page inert, but the
 * browser would still let the focus leave for its own toolbar.
 */
function keepFocusInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const [first, last] = [items[0], items.at(-1)];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !e.currentTarget.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/** A modal on the native <dialog>: the page behind is inert, Escape and backdrop close it, Tab stays inside. */
export function Dialog({
  open,
  onClose,
  title,
  children,
  wide = false,
  fullFrame = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** For media (a video): a fixed wide frame; otherwise the dialog is as wide as its content. */
  wide?: boolean;
  /**
   * Covering the whole viewport and scrolling inside it: in an embed's frame a few lines high, a centred
   * modal would be cut off.
   */
  fullFrame?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  // A dialog taken off the page while open is closed first, so the browser gives the focus back to the
  // control that opened it (removing an open dialog would leave the focus nowhere).
  useLayoutEffect(() => {
    const el = ref.current;
    return () => {
      if (el?.open) el.close();
    };
  }, []);
  // A click on the backdrop (the dialog element itself, outside its content) closes it too: a pointer
  // shortcut for what Escape and the Close button already do. A full-frame dialog has no backdrop to click.
  useEffect(() => {
    const el = ref.current;
    if (fullFrame) return;
    const onBackdrop = (e: MouseEvent) => e.target === el && el?.close();
    el?.addEventListener('click', onBackdrop);
    return () => el?.removeEventListener('click', onBackdrop);
  }, [fullFrame]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onKeyDown={keepFocusInside}
      aria-label={title}
      className={cn(
        'bg-surface p-0 text-slate-900 backdrop:bg-black/60 backdrop:backdrop-blur-sm',
        fullFrame
          ? 'm-0 h-full max-h-none w-full max-w-none overflow-y-auto'
          : 'm-auto max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 shadow-lg',
        // Media is clipped to the rounded corners; other content is not, so a search box's suggestions
        // can hang below the dialog's edge.
        !fullFrame &&
          (wide
            ? 'w-[56rem] overflow-hidden'
            : 'w-fit min-w-[min(22rem,calc(100vw-2rem))] overflow-visible sm:max-w-lg'),
      )}
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label="Close"
        >
          <X className="h-5 w-5" />
        </button>
      </div>
      {open && children}
    </dialog>
  );
}

/** 'Are you sure?' before something that cannot be undone: the consequence, Cancel, and the danger button. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  action,
  busy,
  onConfirm,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The danger button's label ('Delete', 'Revoke'). */
  action: string;
  busy: boolean;
  onConfirm: () => void;
  /** What happens, in a sentence. */
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="p-4">
        <p className="break-words text-slate-800">{children}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {action}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
