import { Copy } from 'lucide-react';
import { copyText } from '../../lib/clipboard';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** Code to copy: a caption, a Copy button (with a toast) and the text, scrollable by keyboard too. */
export function CodeBlock({
  label,
  code,
  copiedMessage,
  className,
}: {
  label: string;
  code: string;
  copiedMessage: string;
  className?: string;
}) {
  return (
    <figure className={cn('min-w-0', className)}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <figcaption className="text-sm font-medium">{label}</figcaption>
        <Button variant="secondary" size="sm" onClick={() => void copyText(code, copiedMessage)}>
          <Copy className="h-4 w-4" aria-hidden /> Copy<span className="sr-only"> {label}</span>
        </Button>
      </div>
      {/* Focusable so keyboard users can scroll long lines; named after its caption. */}
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto rounded-lg bg-code p-4 text-sm text-code-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
